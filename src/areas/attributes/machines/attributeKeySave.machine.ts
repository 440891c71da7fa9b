import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { savePlan } from './attributeKey.changes'
import { clearing, key, keyImage, keyImagePath } from './attributeKeySave.key'
import { option, optionImage, optionImagePath } from './attributeKeySave.options'
import { attributeKeySaveSetup } from './attributeKeySave.setup'
import { finalState } from '../../../kit/machines/finalState'

export type { KeySaveOutput, KeyWork, SaveFailure } from './attributeKeySave.setup'

/**
 * SPEC.md §4's save sequence of the AttributeKey dialog, invoked by it for one Save: the key, its
 * new image and that image's path, then every changed option (created when its id is NewId_,
 * updated otherwise) with its image. A key that becomes BOOLEAN loses its other options first. A
 * failed step ends the run and names the step; the next Save starts from what the server has, so
 * nothing already created is created twice.
 */
export const attributeKeySaveMachine = attributeKeySaveSetup.createMachine({
  id: 'attributeKeySave',
  meta: { spec: ['§4.17.5'] },
  description: "Stores a key, its image and its changed options in SPEC.md §4's order.",
  context: ({ input }) => ({
    ...input,
    failure: null,
    ...savePlan(input.keyId, input.draft, input.saved, input.options, input.savedOptions),
  }),
  output: ({ context }) => ({
    keyId: context.keyId,
    draft: context.draft,
    saved: context.saved,
    imageFile: context.imageFile,
    options: context.options,
    savedOptions: context.savedOptions,
    failure: context.failure,
  }),
  initial: 'clearing',
  states: {
    clearing,
    key,
    keyImage,
    keyImagePath,
    option,
    optionImage,
    optionImagePath,
    done: finalState('Everything is stored; the dialog hears that the save succeeded.'),
    failed: finalState('A step failed: what was stored stays stored, and the step is named.'),
  },
})

export type AttributeKeySaveActor = ActorRefFrom<typeof attributeKeySaveMachine>
export type AttributeKeySaveSnapshot = SnapshotFrom<typeof attributeKeySaveMachine>
