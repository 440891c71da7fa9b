import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { LoginResults } from '../../schema/auth'
import {
  normalizeUsername,
  validatePassword,
  validateSecurityCode,
  validateUsername,
} from '../../schema/rules'
import { signIn, verifyAccessCode } from '../data/api/auth'
import { writeLastUsername } from '../data/prefs/lastUsername'
import { signInFailureMessage, verifyFailureMessage } from './login.messages'

type LoginContext = {
  username: string
  password: string
  code: string
  /** Present once the password was accepted and a security code was sent. */
  challenge: { userId: string; mfaId: string } | null
  /** The message of the last failure, shown until the next attempt. */
  error: string | null
}

export type LoginEvent =
  | { type: 'login.usernameChanged'; value: string }
  | { type: 'login.passwordChanged'; value: string }
  | { type: 'login.submit' }
  | { type: 'mfa.codeChanged'; value: string }
  | { type: 'mfa.submit' }
  | { type: 'mfa.back' }

/**
 * Sign-in with an optional second factor (SPEC.md §2 'Login', §4). It ends in 'signedIn', whose
 * entry tells the session (the startup actor) to fetch the user.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { username: string },
  },
  actors: {
    signIn: fromPromise<LoginResults, { username: string; password: string }>(({ input, signal }) =>
      signIn(input, { signal }),
    ),
    verifyAccessCode: fromPromise<
      unknown,
      { userId: string; requestId: string; accessCode: string }
    >(({ input, signal }) => verifyAccessCode(input, { signal })),
  },
  guards: {
    canSignIn: ({ context }) =>
      !validateUsername(context.username) && !validatePassword(context.password),
    canVerify: ({ context }) => !validateSecurityCode(context.code),
  },
  actions: {
    rememberUsername: ({ context }) => writeLastUsername(normalizeUsername(context.username)),
    // Provided by whoever runs the flow: the startup actor lives outside this actor's system.
    notifySignedIn: () => {},
  },
}).createMachine({
  id: 'login',
  description: 'Username and password, then a security code when the account uses two factors.',
  context: ({ input }) => ({
    username: input.username,
    password: '',
    code: '',
    challenge: null,
    error: null,
  }),
  initial: 'credentials',
  states: {
    credentials: {
      description: "The 'Admin Login' form.",
      initial: 'editing',
      states: {
        editing: { description: 'No failure to report.' },
        rejected: { description: 'The last attempt failed; its message shows.', tags: ['error'] },
      },
      on: {
        'login.usernameChanged': {
          description: 'Usernames are case-insensitive, so the field shows them lowercased.',
          actions: assign({ username: ({ event }) => event.value.toLowerCase() }),
        },
        'login.passwordChanged': { actions: assign({ password: ({ event }) => event.value }) },
        'login.submit': {
          guard: 'canSignIn',
          target: 'signingIn',
          description: 'Login was pressed with a valid username and password.',
        },
      },
    },
    signingIn: {
      description: 'Checks the username and password with the server.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          username: normalizeUsername(context.username),
          password: context.password,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.mfaId !== undefined,
            target: 'code',
            actions: assign({
              challenge: ({ event }) => ({
                userId: event.output.user.id,
                mfaId: event.output.mfaId ?? '',
              }),
            }),
          },
          { target: 'signedIn' },
        ],
        onError: {
          target: 'credentials.rejected',
          actions: assign({ error: ({ event }) => signInFailureMessage(event.error) }),
        },
      },
    },
    code: {
      description: "The 'Two Factor Authentication' step.",
      initial: 'editing',
      states: {
        editing: { description: 'No failure to report.' },
        rejected: { description: 'The code was refused; its message shows.', tags: ['error'] },
      },
      on: {
        'mfa.codeChanged': { actions: assign({ code: ({ event }) => event.value.trim() }) },
        'mfa.submit': {
          guard: 'canVerify',
          target: 'verifying',
          description: 'Validate Code was pressed with a six-character code.',
        },
        'mfa.back': {
          target: 'credentials',
          description: 'Back to the username and password.',
          actions: assign({ code: '', challenge: null, error: null }),
        },
      },
    },
    verifying: {
      description: 'Checks the security code with the server.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'verifyAccessCode',
        src: 'verifyAccessCode',
        input: ({ context }) => ({
          userId: context.challenge?.userId ?? '',
          requestId: context.challenge?.mfaId ?? '',
          accessCode: context.code,
        }),
        onDone: { target: 'signedIn' },
        onError: {
          target: 'code.rejected',
          actions: assign({ error: ({ event }) => verifyFailureMessage(event.error) }),
        },
      },
    },
    signedIn: {
      description: 'A session exists; the session actor takes over from here.',
      // Still busy: the form stays disabled until the signed-in routes replace it.
      tags: ['busy'],
      type: 'final',
      entry: ['rememberUsername', 'notifySignedIn'],
    },
  },
})

export type LoginActor = ActorRefFrom<typeof loginMachine>
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>
