/**
 * The Profile's inline editors (SPEC.md §4 'Profile editors') are the one inline editor statechart
 * (`inlineEditor.machine.ts`), given a spec of `profileEditors.ts` and the session actor.
 */
export {
  inlineEditorMachine as profileEditorMachine,
  type EditorActor,
  type EditorEvent,
  type EditorInput,
  type EditorSnapshot,
} from './inlineEditor.machine'
