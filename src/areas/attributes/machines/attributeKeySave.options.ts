import { assign } from 'xstate'
import { attributeKeySaveSetup, current, failedAt, optionName } from './attributeKeySave.setup'

/*
 * The options' steps of the save sequence, one changed option at a time: the option (`option`),
 * then its chosen image and that image's path (`optionImage`, `optionImagePath`).
 */

export const option = attributeKeySaveSetup.createStateConfig({
  description:
    'Waits for the server to create the next changed option (one added here) or to update it ' +
    '(one it stores already, deletion included).',
  invoke: {
    id: 'saveOption',
    src: 'saveOption',
    input: ({ context }) => ({ keyId: context.keyId ?? '', option: current(context) }),
    onDone: [
      {
        guard: 'optionHasImageFile',
        target: 'optionImage',
        description: 'The server saved the option; its chosen image is uploaded next.',
        actions: { type: 'keepOption', params: ({ event }) => event.output },
      },
      {
        guard: 'hasMoreOptions',
        target: 'option',
        reenter: true,
        description: 'The server saved the option, which has no new image; the next one follows.',
        actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
      },
      {
        target: 'done',
        description: 'The server saved the last changed option, which has no new image.',
        actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
      },
    ],
    onError: {
      target: 'failed',
      description: 'The server refused the option; its message says why.',
      actions: assign(failedAt((c) => `Saving ${optionName(current(c))}`)),
    },
  },
})

export const optionImage = attributeKeySaveSetup.createStateConfig({
  description: "Waits for the server to store the option's chosen image.",
  invoke: {
    id: 'uploadOptionImage',
    src: 'uploadImage',
    input: ({ context }) => ({
      file: current(context).imageFile,
      ownerId: current(context).id,
      section: 'option' as const,
    }),
    onDone: {
      target: 'optionImagePath',
      description: "The server stored the option's image; its path is saved next.",
      actions: assign({
        options: ({ context, event }) =>
          context.options.map((o, i) =>
            i === context.queue[0] ? { ...o, imageFile: null, imagePath: event.output } : o,
          ),
      }),
    },
    onError: {
      target: 'failed',
      description: "The server refused the option's image; its message says why.",
      actions: assign(failedAt((c) => `Uploading the image of ${optionName(current(c))}`)),
    },
  },
})

export const optionImagePath = attributeKeySaveSetup.createStateConfig({
  description: "Waits for the server to save the uploaded image's path on the option.",
  invoke: {
    id: 'saveOptionImagePath',
    src: 'saveOptionImagePath',
    input: ({ context }) => ({
      optionId: current(context).id,
      imagePath: current(context).imagePath,
    }),
    onDone: [
      {
        guard: 'hasMoreOptions',
        target: 'option',
        reenter: true,
        description: "The server saved the image's path on the option; the next one follows.",
        actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
      },
      {
        target: 'done',
        description: "The server saved the image's path on the last changed option.",
        actions: [{ type: 'keepOption', params: ({ event }) => event.output }, 'nextOption'],
      },
    ],
    onError: {
      target: 'failed',
      description: "The server refused the option image's path; its message says why.",
      actions: assign(failedAt((c) => `Saving the image of ${optionName(current(c))}`)),
    },
  },
})
