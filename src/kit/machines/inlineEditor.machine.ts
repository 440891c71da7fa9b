import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { notSavedNotice, savedNotice } from './inlineEditor.messages'
import { serverMessage } from './notification.messages'
import { notify, tellSession } from './system'

/** The values of an open editor's inputs, by field name. */
export type Fields = Record<string, string>

/** What an inline editor edits: a record the server answers with, changed, after a save. */
export type EditorRecord = { id: string }

/**
 * What makes one inline editor (SPEC.md §2 'Profile', 'Services'): its fields, rules and server
 * call. Methods, so that a spec of a narrower record is still a spec.
 */
export type EditorSpec<R extends EditorRecord = EditorRecord> = {
  key: string
  /** Whose value it is, for the notifications: 'Your name' was saved, 'The service url' was not. */
  subject: string
  /** The record is the signed-in user: the session actor hears of every saved change. */
  isSelf?: boolean
  /** The inputs' values when the editor opens. */
  fields(record: R): Fields
  /** How a typed value is kept (emails are lowercased as typed, SPEC.md §5). */
  normalize(field: string, value: string): string
  /** Each field's message, or undefined when it passes (SPEC.md §5). */
  errors(fields: Fields): Partial<Record<string, string>>
  /** Whether saving would change anything. */
  isChanged(fields: Fields, record: R): boolean
  /** What the server is sent for the fields (trimmed, shaped as its route takes it). */
  body(fields: Fields): unknown
  /** Sends `body` (this spec's own) for the record `id`; answers the record as saved. */
  send(id: string, body: unknown, options: { signal: AbortSignal }): Promise<R>
  /** Keeps the local cache in step with the saved record (SPEC.md §7). */
  keep(record: R): Promise<void>
}

type EditorContext = {
  spec: EditorSpec
  /** The record as last saved (or as the view last read it); an opening editor starts from it. */
  record: EditorRecord
  fields: Fields
  /** The server's message for the last failed save, shown in the open editor beside its fields. */
  error: string | null
}

export type EditorInput = { spec: EditorSpec; record: EditorRecord }

export type EditorEvent =
  /** `record`: the freshest copy the view has (a cache the sync keeps), to start editing from. */
  | { type: 'editor.open'; record?: EditorRecord }
  | { type: 'editor.cancel' }
  | { type: 'editor.fieldChanged'; field: string; value: string }
  | { type: 'editor.save' }

export const hasErrors = (errors: Partial<Record<string, string>>) =>
  Object.values(errors).some((message) => message !== undefined)

/**
 * One inline editor (SPEC.md §4 'Profile editors', §5 'Service name, description, key, url'):
 * closed, or open; Save Changes (only when changed and valid) sends the change and a successful
 * save closes it; a refused one stays open with the input kept and the server's message. What is
 * edited, by which rules and which call, is the `spec` of its input.
 */
export const inlineEditorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
  },
  actors: {
    saveRecord: fromPromise<EditorRecord, { spec: EditorSpec; id: string; body: unknown }>(
      ({ input, signal }) => input.spec.send(input.id, input.body, { signal }),
    ),
  },
  guards: {
    canSave: ({ context }) =>
      context.spec.isChanged(context.fields, context.record) &&
      !hasErrors(context.spec.errors(context.fields)),
  },
  actions: {
    // The server has the change; a cache that cannot be written is caught up by the sync.
    keepRecord: ({ context }, record: EditorRecord) =>
      void context.spec.keep(record).catch(() => undefined),
    // The session actor merges a change of the signed-in user, so the shell shows it.
    tellSessionUpdated: enqueueActions(({ context, enqueue }) => {
      if (context.spec.isSelf)
        enqueue(tellSession(() => ({ type: 'self.updated', changes: context.record })))
    }),
    notifySaved: notify(({ context }: { context: EditorContext }) => savedNotice(context.spec)),
    notifyNotSaved: notify(({ context }: { context: EditorContext }) =>
      notSavedNotice(context.spec, context.error),
    ),
  },
}).createMachine({
  id: 'inlineEditor',
  meta: { spec: ['§2.8', '§2.11', '§4.5'] },
  description: 'An inline editor: the saved value, or its inputs with Save Changes.',
  context: ({ input }) => ({
    spec: input.spec,
    record: input.record,
    fields: input.spec.fields(input.record),
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Shows the saved value and the edit icon.',
      on: {
        'editor.open': {
          target: 'open',
          description: 'The edit icon was pressed.',
          actions: [
            assign({ record: ({ context, event }) => event.record ?? context.record }),
            assign({
              fields: ({ context }) => context.spec.fields(context.record),
              error: null,
            }),
          ],
        },
      },
    },
    open: {
      meta: { spec: ['§2.8', '§2.11', '§4.5', '§5.1', '§5.4', '§5.5', '§5.7', '§5.16'] },
      description: 'The inputs, the cancel icon and Save Changes.',
      tags: ['open'],
      initial: 'editing',
      states: {
        editing: { description: 'No failure to report.' },
        failed: {
          description: "The last save failed; the input is kept and the server's message shows.",
          tags: ['error'],
        },
      },
      on: {
        'editor.fieldChanged': {
          description: 'A field was changed.',
          actions: assign({
            fields: ({ context, event }) => ({
              ...context.fields,
              [event.field]: context.spec.normalize(event.field, event.value),
            }),
          }),
        },
        'editor.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save Changes was pressed with a changed, valid value.',
        },
        'editor.cancel': { target: 'closed', description: 'The cancel icon was pressed.' },
      },
    },
    saving: {
      description: 'The server saves the change; the inputs and buttons wait.',
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          spec: context.spec,
          id: context.record.id,
          body: context.spec.body(context.fields),
        }),
        onDone: {
          target: 'closed',
          description:
            "The server saved it: 'Your name was saved' (or 'The service name was saved'); the editor closes.",
          actions: [
            assign({ record: ({ event }) => event.output }),
            { type: 'keepRecord', params: ({ event }) => event.output },
            'tellSessionUpdated',
            'notifySaved',
          ],
        },
        onError: {
          target: 'open.failed',
          description: "The server refused it: 'Your name was not saved: …'; the input is kept.",
          actions: [assign({ error: ({ event }) => serverMessage(event.error) }), 'notifyNotSaved'],
        },
      },
    },
  },
})

export type EditorActor = ActorRefFrom<typeof inlineEditorMachine>
export type EditorSnapshot = SnapshotFrom<typeof inlineEditorMachine>
