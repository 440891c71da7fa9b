import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { LoginResults } from '../../schema/auth'
import { validatePassword, validateSecurityCode, validateUsername } from '../../schema/rules'
import { signIn, verifyAccessCode } from '../data/api/auth'
import { readBiometricFlag } from '../data/prefs/biometric'
import { readLastUsername, writeLastUsername } from '../data/prefs/lastUsername'
import {
  isCeremonyCancelled,
  signInByPasskey,
  webAuthnSupported,
} from '../data/webauthn/ceremonies'
import { signInFailureMessage, verifyFailureMessage } from './login.messages'
import { tellSession } from './system'

type LoginContext = {
  username: string
  password: string
  code: string
  /** Present once the password was accepted and a security code was sent. */
  challenge: { userId: string; mfaId: string } | null
  /** The message of the last failure, shown until the next attempt. */
  error: string | null
  /** This browser holds a passkey for Gatehouse and can use it: the passkey button shows. */
  passkeyOffered: boolean
}

/**
 * The flow's input as the login screen opens: the username remembered from the last sign-in, and
 * the passkey button only where biometric login was turned on and the browser can run the ceremony.
 */
export const loginInput = () => ({
  username: readLastUsername(),
  passkeyOffered: readBiometricFlag() && webAuthnSupported(),
})

export type LoginEvent =
  | { type: 'login.usernameChanged'; value: string }
  | { type: 'login.passwordChanged'; value: string }
  | { type: 'login.submit' }
  | { type: 'mfa.codeChanged'; value: string }
  | { type: 'mfa.submit' }
  | { type: 'mfa.back' }
  | { type: 'passkey.start' }

/**
 * Sign-in with an optional second factor (SPEC.md §2 'Login', §4), or with a passkey where this
 * browser holds one (docs/passkeys.md). It ends in 'signedIn', whose entry tells the session (the
 * session actor) to fetch the user.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { username: string; passkeyOffered?: boolean },
  },
  actors: {
    signIn: fromPromise<LoginResults, { username: string; password: string }>(({ input, signal }) =>
      signIn(input, { signal }),
    ),
    verifyAccessCode: fromPromise<
      unknown,
      { userId: string; requestId: string; accessCode: string }
    >(({ input, signal }) => verifyAccessCode(input, { signal })),
    // The browser's passkey prompt runs inside this actor; the chart only waits for its ending.
    signInWithPasskey: fromPromise<LoginResults>(({ signal }) => signInByPasskey({ signal })),
  },
  guards: {
    canSignIn: ({ context }) =>
      !validateUsername(context.username) && !validatePassword(context.password),
    canVerify: ({ context }) => !validateSecurityCode(context.code),
    canUsePasskey: ({ context }) => context.passkeyOffered,
    needsCode: ({ event }) => (event as { output?: LoginResults }).output?.mfaId !== undefined,
    isCancelled: (_, error: unknown) => isCeremonyCancelled(error),
  },
  actions: {
    // As the field shows it (lowercased as typed); the server normalises what it is sent.
    rememberUsername: ({ context }) => writeLastUsername(context.username),
    // The session actor is in the same system: it fetches the user the new session belongs to.
    tellSessionSignedIn: tellSession({ type: 'session.signedIn' }),
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
    passkeyOffered: input.passkeyOffered ?? false,
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
          description:
            'The username was typed; usernames are case-insensitive, so the field shows it lowercased.',
          actions: assign({ username: ({ event }) => event.value.toLowerCase() }),
        },
        'login.passwordChanged': {
          description: 'The password was typed.',
          actions: assign({ password: ({ event }) => event.value }),
        },
        'login.submit': {
          guard: 'canSignIn',
          target: 'signingIn',
          description: 'Login was pressed with a valid username and password.',
        },
        'passkey.start': {
          guard: 'canUsePasskey',
          target: 'passkeySigningIn',
          description: "'Sign in with a passkey' was pressed.",
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
        input: ({ context }) => ({ username: context.username, password: context.password }),
        onDone: [
          {
            guard: 'needsCode',
            target: 'code',
            description: 'The server accepted the password and sent a security code.',
            actions: assign({
              challenge: ({ event }) => ({
                userId: event.output.user.id,
                mfaId: event.output.mfaId ?? '',
              }),
            }),
          },
          {
            target: 'signedIn',
            actions: 'rememberUsername',
            description: 'The server accepted the password; the account has no second factor.',
          },
        ],
        onError: {
          target: 'credentials.rejected',
          description: 'The server refused it; the message says why.',
          actions: assign({ error: ({ event }) => signInFailureMessage(event.error) }),
        },
      },
    },
    passkeySigningIn: {
      description:
        "The browser asks for this device's fingerprint, face or screen lock; the server checks the signature.",
      tags: ['busy', 'passkey'],
      entry: assign({ error: null }),
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        onDone: { target: 'signedIn', description: 'The server accepted the passkey.' },
        onError: [
          {
            guard: {
              type: 'isCancelled',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'credentials',
            description: 'The person cancelled the prompt: back to the form, nothing to report.',
          },
          {
            target: 'credentials.rejected',
            description:
              'The prompt failed or the server refused the passkey; the message says why.',
            actions: assign({ error: ({ event }) => signInFailureMessage(event.error) }),
          },
        ],
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
        'mfa.codeChanged': {
          description: 'The security code was typed.',
          actions: assign({ code: ({ event }) => event.value.trim() }),
        },
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
        onDone: {
          target: 'signedIn',
          actions: 'rememberUsername',
          description: 'The server accepted the code.',
        },
        onError: {
          target: 'code.rejected',
          description: 'The server refused the code; the message says why.',
          actions: assign({ error: ({ event }) => verifyFailureMessage(event.error) }),
        },
      },
    },
    signedIn: {
      description: 'A session exists; the session actor takes over from here.',
      // Still busy: the form stays disabled until the signed-in routes replace it.
      tags: ['busy'],
      type: 'final',
      entry: 'tellSessionSignedIn',
    },
  },
})

export type LoginActor = ActorRefFrom<typeof loginMachine>
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>
