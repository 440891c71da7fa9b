import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { fetchVisageUrl } from '../data/api/visage'

type ImageContext = { userId: string; url: string | null }

export type VisageImageInput = { userId: string }

/**
 * Where a visage can be read: a short-lived signed URL fetched for the user (SPEC.md §7: any error
 * swallowed, the initials stay). One actor per visage reference: a new reference is a new actor.
 */
export const visageImageMachine = setup({
  types: {
    context: {} as ImageContext,
    input: {} as VisageImageInput,
  },
  actors: {
    fetchVisageUrl: fromPromise<string, { userId: string }>(({ input, signal }) =>
      fetchVisageUrl(input.userId, { signal }),
    ),
  },
}).createMachine({
  id: 'visageImage',
  description: "Fetches the signed URL of a user's visage.",
  context: ({ input }) => ({ userId: input.userId, url: null }),
  initial: 'fetching',
  states: {
    fetching: {
      description: 'Asks the server for a signed URL.',
      tags: ['busy'],
      invoke: {
        id: 'fetchVisageUrl',
        src: 'fetchVisageUrl',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'unavailable' },
      },
    },
    shown: { description: 'The image can be shown from the URL.', type: 'final' },
    unavailable: { description: 'No URL: the fallback shows instead.', type: 'final' },
  },
})

export type VisageImageActor = ActorRefFrom<typeof visageImageMachine>
export type VisageImageSnapshot = SnapshotFrom<typeof visageImageMachine>
