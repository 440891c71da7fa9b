import { assign } from 'xstate'
import { attributeKeySaveSetup, current, failedAt, optionName } from './attributeKeySave.setup'

/*
 * The key's steps of the save sequence: the options a key that becomes BOOLEAN drops (`clearing`),
 * the key itself (`key`), then its chosen image and that image's path (`keyImage`, `keyImagePath`).
 */

export const clearing = attributeKeySaveSetup.createStateConfig({
  description:
    'Waits for the server to delete, one at a time, the options a key that becomes BOOLEAN no ' +
    'longer has (it refuses the type while they live); any other save has none to delete.',
  invoke: {
    id: 'clearOption',
    src: 'clearOption',
    input: ({ context }) => ({
      keyId: context.keyId ?? '',
      option: context.clearFirst > 0 ? current(context) : null,
    }),
    onDone: [
      {
        guard: 'hasMoreToClear',
        target: 'clearing',
        reenter: true,
        description: 'The server deleted the option; the next one is deleted.',
        actions: [
          { type: 'keepOption', params: ({ event }) => event.output },
          'nextOption',
          'countCleared',
        ],
      },
      {
        guard: 'needsClearing',
        target: 'key',
        description: 'The server deleted the last of them; the key is saved next.',
        actions: [
          { type: 'keepOption', params: ({ event }) => event.output },
          'nextOption',
          'countCleared',
        ],
      },
      { target: 'key', description: 'There was nothing to delete; the key is saved first.' },
    ],
    onError: {
      target: 'failed',
      description: 'The server refused to delete the option; its message says why.',
      actions: assign(failedAt((c) => `Deleting ${optionName(current(c))}`)),
    },
  },
})

export const key = attributeKeySaveSetup.createStateConfig({
  description: 'Waits for the server to create the key, or to update it when it has a real id.',
  invoke: {
    id: 'saveKey',
    src: 'saveKey',
    input: ({ context }) => ({ keyId: context.keyId, draft: context.draft }),
    onDone: [
      {
        guard: 'hasKeyImageFile',
        target: 'keyImage',
        description: 'The server saved the key; its chosen image is uploaded next.',
        actions: { type: 'keepKey', params: ({ event }) => event.output },
      },
      {
        guard: 'hasOptionsToSave',
        target: 'option',
        description: 'The server saved the key, which has no new image; the options are next.',
        actions: { type: 'keepKey', params: ({ event }) => event.output },
      },
      {
        target: 'done',
        description: 'The server saved the key, and nothing else had changed.',
        actions: { type: 'keepKey', params: ({ event }) => event.output },
      },
    ],
    onError: {
      target: 'failed',
      description: 'The server refused the key; its message says why.',
      actions: assign(failedAt(() => 'Saving the key')),
    },
  },
})

export const keyImage = attributeKeySaveSetup.createStateConfig({
  description: 'Waits for the server to store the chosen key image.',
  invoke: {
    id: 'uploadKeyImage',
    src: 'uploadImage',
    input: ({ context }) => ({
      file: context.imageFile,
      ownerId: context.keyId ?? '',
      section: 'key' as const,
    }),
    onDone: {
      target: 'keyImagePath',
      description: 'The server stored the key image; its path is saved on the key next.',
      actions: assign(({ context, event }) => ({
        imageFile: null,
        draft: { ...context.draft, imagePath: event.output },
      })),
    },
    onError: {
      target: 'failed',
      description: 'The server refused the key image; its message says why.',
      actions: assign(failedAt(() => 'Uploading the key image')),
    },
  },
})

export const keyImagePath = attributeKeySaveSetup.createStateConfig({
  description: "Waits for the server to save the uploaded image's path on the key.",
  invoke: {
    id: 'saveKeyImagePath',
    src: 'saveKeyImagePath',
    input: ({ context }) => ({
      keyId: context.keyId ?? '',
      imagePath: context.draft.imagePath,
    }),
    onDone: [
      {
        guard: 'hasOptionsToSave',
        target: 'option',
        description: "The server saved the image's path on the key; the options are next.",
        actions: { type: 'keepKey', params: ({ event }) => event.output },
      },
      {
        target: 'done',
        description: "The server saved the image's path on the key; no option had changed.",
        actions: { type: 'keepKey', params: ({ event }) => event.output },
      },
    ],
    onError: {
      target: 'failed',
      description: "The server refused the image's path; its message says why.",
      actions: assign(failedAt(() => 'Saving the key image')),
    },
  },
})
