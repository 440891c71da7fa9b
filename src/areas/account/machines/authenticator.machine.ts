import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { enrolledStates } from './authenticator.enrolled'
import { settingUpStates } from './authenticator.settingUp'
import { authenticatorSetup, failure } from './authenticator.setup'

export type { AuthenticatorEvent } from './authenticator.setup'

/**
 * The Profile's 'Authenticator app' section (issue 28, docs/second-factors.md 'Profile'): reads
 * what the user has (GET /v1/factors), sets up an app (the password, then the secret and a code
 * from the app, then the recovery codes once), removes it, and regenerates the recovery codes.
 * Every change asks for the account password first; a wrong one keeps the dialog open with the
 * server's message, any other refusal closes it and says why under the section.
 *
 * The states live beside it: authenticator.settingUp.ts (no app, and setting one up) and
 * authenticator.enrolled.ts (an app, removing it, new recovery codes); authenticator.setup.ts holds
 * the context, events, actors, guards and actions, authenticator.steps.ts the repeated steps.
 */
export const authenticatorMachine = authenticatorSetup.createMachine({
  id: 'authenticator',
  description: "The Profile's authenticator app: set up, removed, and its recovery codes.",
  context: {
    factors: null,
    password: '',
    setup: null,
    code: '',
    codes: [],
    saved: false,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The factors are read from the server; 'Loading…' shows in the section.",
      tags: ['busy'],
      invoke: {
        id: 'readFactors',
        src: 'readFactors',
        onDone: [
          {
            guard: { type: 'isEnrolled', params: ({ event }) => event.output },
            target: 'enrolled',
            actions: assign({ factors: ({ event }) => event.output, error: null }),
            description: 'The user has an app: when it was enrolled and last used show.',
          },
          {
            target: 'notEnrolled',
            actions: assign({ factors: ({ event }) => event.output, error: null }),
            description: 'The user has no app: what one is, and how to set it up.',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'refused', params: failure },
          description: "The read failed: 'Your second factors could not be read' and Retry.",
        },
      },
    },
    failed: {
      description: 'The read failed: the reason and Retry show.',
      tags: ['error'],
      on: { 'authenticator.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ...settingUpStates,
    ...enrolledStates,
  },
})

export type AuthenticatorActor = ActorRefFrom<typeof authenticatorMachine>
export type AuthenticatorSnapshot = SnapshotFrom<typeof authenticatorMachine>
