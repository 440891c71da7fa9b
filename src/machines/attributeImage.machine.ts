import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { fetchAttributeImageUrl } from '../data/api/attributes'

type ImageContext = { path: string; url: string | null }

export type AttributeImageInput = { path: string }

/**
 * Where a stored attribute image (a key's or an option's `imagePath`) can be read: a short-lived
 * signed URL (SPEC.md §7 `imageFileDownload`; failure silently ignored, the image is left out).
 * One actor per path: a new path is a new actor.
 */
export const attributeImageMachine = setup({
  types: {
    context: {} as ImageContext,
    input: {} as AttributeImageInput,
  },
  actors: {
    fetchImageUrl: fromPromise<string, { path: string }>(({ input, signal }) =>
      fetchAttributeImageUrl(input.path, { signal }),
    ),
  },
}).createMachine({
  id: 'attributeImage',
  description: 'Fetches the signed URL of a stored attribute image.',
  context: ({ input }) => ({ path: input.path, url: null }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'Asks the server for a signed URL of the path.',
      tags: ['busy'],
      invoke: {
        id: 'fetchImageUrl',
        src: 'fetchImageUrl',
        input: ({ context }) => ({ path: context.path }),
        onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'unavailable' },
      },
    },
    shown: { description: 'The image shows from the URL.', type: 'final' },
    unavailable: {
      description: 'No URL came (SPEC.md §7: failure silently ignored); the image is left out.',
      type: 'final',
    },
  },
})

export type AttributeImageActor = ActorRefFrom<typeof attributeImageMachine>
export type AttributeImageSnapshot = SnapshotFrom<typeof attributeImageMachine>
