import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { fetchAttributeImageUrl } from '../../data/api/attributes'
import { fetchVisageUrl } from '../../data/api/visage'
import { finalState } from './finalState'

/**
 * What a stored image is: a user's visage (read by the user's id) or an attribute image (a key's
 * or an option's `imagePath`).
 */
export type SignedImageInput =
  { kind: 'visage'; userId: string } | { kind: 'attribute'; path: string }

type ImageContext = { image: SignedImageInput; url: string | null }

const fetchUrl = fromPromise<string, SignedImageInput>(({ input, signal }) =>
  input.kind === 'visage'
    ? fetchVisageUrl(input.userId, { signal })
    : fetchAttributeImageUrl(input.path, { signal }),
)

/**
 * Where a stored image can be read: a short-lived signed URL fetched for it (SPEC.md §7: a visage's
 * errors are swallowed and the initials stay; an attribute image that cannot be had is left out).
 * One actor per image: a new reference or path is a new actor.
 */
export const signedImageMachine = setup({
  types: {
    context: {} as ImageContext,
    input: {} as SignedImageInput,
  },
  actors: { fetchUrl },
}).createMachine({
  id: 'signedImage',
  meta: { spec: ['§7.13', '§7.26'] },
  description: 'Fetches the signed URL of a stored image (a visage, an attribute image).',
  context: ({ input }) => ({ image: input, url: null }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'Asks the server for a signed URL.',
      tags: ['busy'],
      invoke: {
        id: 'fetchUrl',
        src: 'fetchUrl',
        input: ({ context }) => context.image,
        onDone: {
          target: 'shown',
          actions: assign({ url: ({ event }) => event.output }),
          description: 'The server signed a URL for the image.',
        },
        onError: {
          target: 'unavailable',
          description: 'No URL came (the server refused or did not answer); nobody is told.',
        },
      },
    },
    shown: finalState('The image can be shown from the URL.'),
    unavailable: finalState('No URL came (any error swallowed): the fallback shows, or nothing.'),
  },
})

export type SignedImageActor = ActorRefFrom<typeof signedImageMachine>
export type SignedImageSnapshot = SnapshotFrom<typeof signedImageMachine>
