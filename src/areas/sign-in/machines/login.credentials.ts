/**
 * The first step of the login chart: the username and password form, and the two ways out of it
 * (the password checked by the server, or a passkey ceremony).
 */
import { assign } from 'xstate'
import { signInFailureMessage } from './login.messages'
import { loginSetup } from './login.setup'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

/** `credentials`, `signingIn` and `passkeySigningIn`, spread into the login chart's states. */
export const credentialsStates = {
  credentials: loginSetup.createStateConfig({
    meta: { spec: ['§2.3', '§4.2', '§5.1', '§5.2', '§5.3'] },
    description: "The 'Admin Login' form.",
    ...quietOrFailed('editing', 'rejected', {
      quiet: 'No failure to report.',
      failed: 'The last attempt failed; its message shows.',
    }),
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
  }),
  signingIn: loginSetup.createStateConfig({
    description: 'Checks the username and password with the server.',
    tags: ['busy'],
    entry: assign({ error: null }),
    invoke: {
      id: 'signIn',
      src: 'signIn',
      input: ({ context }) => ({ username: context.username, password: context.password }),
      onDone: [
        {
          guard: 'needsEnrolment',
          target: 'enrolment',
          description:
            'The server accepted the password; the policy requires a second factor the account lacks.',
          actions: assign({
            challenge: ({ event }) => ({
              userId: event.output.user.id,
              mfaId: event.output.mfaId ?? '',
            }),
            code: '',
          }),
        },
        {
          guard: 'needsCode',
          target: 'code',
          description:
            'The server accepted the password; the account has a second factor, the first asked at the head (a text message is sent at once when that is first).',
          actions: assign(({ event }) => {
            const methods = event.output.methods ?? ['sms']
            const method = methods[0] ?? 'sms'
            return {
              challenge: { userId: event.output.user.id, mfaId: event.output.mfaId ?? '' },
              methods,
              method,
              textSent: method === 'sms',
              destination: event.output.destination ?? null,
              resent: false,
              code: '',
            }
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
  }),
  passkeySigningIn: loginSetup.createStateConfig({
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
          description: 'The prompt failed or the server refused the passkey; the message says why.',
          actions: assign({ error: ({ event }) => signInFailureMessage(event.error) }),
        },
      ],
    },
  }),
}
