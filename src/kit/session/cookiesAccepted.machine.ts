import { fromPromise, setup } from 'xstate'
import { markCookiesAccepted } from '../../data/prefs/cookiesAccepted'
import { finalState } from '../machines/finalState'

/**
 * The iOS cookies-accepted flag (SPEC.md §4 'On iOS a cookies-accepted flag is stored per user'):
 * once a session is known, on iOS the signed-in user is remembered in this browser as having
 * accepted cookies. Invoked by the session for each sign-in (systemId 'cookiesAccepted').
 */
export const cookiesAcceptedMachine = setup({
  types: { input: {} as { userId: string }, context: {} as { userId: string } },
  actors: {
    // Answers whether the flag was stored: not on other systems, nor where storage is blocked.
    markCookiesAccepted: fromPromise<boolean, { userId: string }>(({ input }) =>
      Promise.resolve(markCookiesAccepted(input.userId)),
    ),
  },
  guards: { stored: ({ event }) => (event as { output?: boolean }).output === true },
}).createMachine({
  id: 'cookiesAccepted',
  meta: { spec: ['§4.14'] },
  description: "Remembers, on iOS, that the signed-in user accepted this browser's cookies.",
  context: ({ input }) => ({ userId: input.userId }),
  initial: 'storing',
  states: {
    storing: {
      description: 'Stores the flag for the signed-in user if this browser runs on iOS.',
      invoke: {
        id: 'markCookiesAccepted',
        src: 'markCookiesAccepted',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: 'stored', target: 'accepted', description: 'On iOS: the flag was stored.' },
          {
            target: 'notStored',
            description: 'Not iOS, or storage was unavailable (a private mode).',
          },
        ],
      },
    },
    accepted: finalState('This user is remembered as having accepted cookies.'),
    notStored: finalState('Nothing to remember on this browser.'),
  },
})
