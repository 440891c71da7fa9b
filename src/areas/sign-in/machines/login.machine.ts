import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { EnrolmentResults, LoginResults } from '../../../../schema/auth'
import type { AuthenticatorSetupResults, SecondFactorMethod } from '../../../../schema/factors'
import { validatePassword, validateUsername } from '../../../../schema/rules'
import { signIn, verifyAccessCode } from '../../../data/api/auth'
import {
  beginSignInEnrolment,
  confirmSignInEnrolment,
  sendSignInText,
} from '../../../data/api/factors'
import { readBiometricFlag } from '../../../data/prefs/biometric'
import { readLastUsername, writeLastUsername } from '../../../data/prefs/lastUsername'
import {
  isCeremonyCancelled,
  signInByPasskey,
  webAuthnSupported,
} from '../../../data/webauthn/ceremonies'
import {
  signInFailureMessage,
  stepFailureMessage,
  validateEnrolmentCode,
  validateStepCode,
  verifyFailureMessage,
} from './login.messages'
import { tellSession } from '../../../kit/machines/system'

type LoginContext = {
  username: string
  password: string
  code: string
  /** Present once the password was accepted and a second step (or an enrolment) follows. */
  challenge: { userId: string; mfaId: string } | null
  /** The account's second factors, the one asked first at the head (docs/second-factors.md). */
  methods: SecondFactorMethod[]
  /** The factor the code field asks for now. */
  method: SecondFactorMethod
  /** A text message was sent for this step (at once, or on request). */
  textSent: boolean
  /** The authenticator secret of an enrolment the policy requires; forgotten once it ends. */
  setup: AuthenticatorSetupResults | null
  /** The recovery codes the enrolment handed out, shown once. */
  recoveryCodes: string[]
  /** "I have saved these codes" is ticked. */
  codesSaved: boolean
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
  | { type: 'mfa.useMethod'; method: SecondFactorMethod }
  | { type: 'codes.savedChanged'; saved: boolean }
  | { type: 'codes.done' }
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
      { userId: string; requestId: string; accessCode: string; method: SecondFactorMethod }
    >(({ input, signal }) => verifyAccessCode(input, { signal })),
    sendText: fromPromise<void, { userId: string; requestId: string }>(({ input, signal }) =>
      sendSignInText(input, { signal }),
    ),
    beginEnrolment: fromPromise<AuthenticatorSetupResults, { userId: string; requestId: string }>(
      ({ input, signal }) => beginSignInEnrolment(input, { signal }),
    ),
    confirmEnrolment: fromPromise<
      EnrolmentResults,
      { userId: string; requestId: string; setupId: string; code: string }
    >(({ input, signal }) => confirmSignInEnrolment(input, { signal })),
    // The browser's passkey prompt runs inside this actor; the chart only waits for its ending.
    signInWithPasskey: fromPromise<LoginResults>(({ signal }) => signInByPasskey({ signal })),
  },
  guards: {
    canSignIn: ({ context }) =>
      !validateUsername(context.username) && !validatePassword(context.password),
    canVerify: ({ context }) => !validateStepCode(context.method, context.code),
    canConfirmEnrolment: ({ context }) => !validateEnrolmentCode(context.code),
    canUsePasskey: ({ context }) => context.passkeyOffered,
    needsEnrolment: ({ event }) => (event as { output?: LoginResults }).output?.enrolment === true,
    needsCode: ({ event }) => (event as { output?: LoginResults }).output?.mfaId !== undefined,
    // Another of the account's factors; a text message is sent first when none was yet.
    isOtherMethod: ({ context, event }) =>
      event.type === 'mfa.useMethod' &&
      event.method !== context.method &&
      context.methods.includes(event.method),
    needsText: ({ context, event }) =>
      event.type === 'mfa.useMethod' &&
      event.method === 'sms' &&
      context.method !== 'sms' &&
      context.methods.includes('sms') &&
      !context.textSent,
    hasRecoveryCodes: ({ event }) =>
      ((event as { output?: EnrolmentResults }).output?.recoveryCodes.length ?? 0) > 0,
    codesSaved: ({ context }) => context.codesSaved,
    isCancelled: (_, error: unknown) => isCeremonyCancelled(error),
  },
  actions: {
    // As the field shows it (lowercased as typed); the server normalises what it is sent.
    rememberUsername: ({ context }) => writeLastUsername(context.username),
    // The session actor is in the same system: it fetches the user the new session belongs to.
    tellSessionSignedIn: tellSession({ type: 'session.signedIn' }),
    forgetStep: assign({
      code: '',
      method: 'sms',
      challenge: null,
      error: null,
      methods: [],
      textSent: false,
      setup: null,
    }),
  },
}).createMachine({
  id: 'login',
  description:
    'Username and password, then a second factor when the account has one, or its enrolment when the policy requires one.',
  context: ({ input }) => ({
    username: input.username,
    password: '',
    code: '',
    challenge: null,
    methods: [],
    method: 'sms',
    textSent: false,
    setup: null,
    recoveryCodes: [],
    codesSaved: false,
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
      description:
        "The 'Two Factor Authentication' step: the code of the factor asked for, and the account's other factors.",
      initial: 'editing',
      states: {
        editing: { description: 'No failure to report.' },
        rejected: { description: 'The code was refused; its message shows.', tags: ['error'] },
      },
      on: {
        'mfa.codeChanged': {
          description: 'The code was typed.',
          actions: assign({ code: ({ event }) => event.value.trim() }),
        },
        'mfa.submit': {
          guard: 'canVerify',
          target: 'verifying',
          description:
            'Validate Code was pressed with a code of the right form (six characters; a recovery code XXXXX-XXXXX).',
        },
        'mfa.useMethod': [
          {
            guard: 'needsText',
            target: 'sendingText',
            description: "'Use another method': a text message, none sent yet; one is sent first.",
          },
          {
            guard: 'isOtherMethod',
            target: '.editing',
            description:
              "'Use another method': the authenticator app, a recovery code, or the text already sent.",
            actions: assign({
              method: ({ event }) => event.method,
              code: '',
              error: null,
            }),
          },
        ],
        'mfa.back': {
          target: 'credentials',
          description: 'Back to the username and password.',
          actions: 'forgetStep',
        },
      },
    },
    sendingText: {
      description: 'Asks the server to send a security code by text message for this step.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'sendText',
        src: 'sendText',
        input: ({ context }) => ({
          userId: context.challenge?.userId ?? '',
          requestId: context.challenge?.mfaId ?? '',
        }),
        onDone: {
          target: 'code.editing',
          description: 'The text message is on its way: the step asks for its code.',
          actions: assign({ method: 'sms', textSent: true, code: '' }),
        },
        onError: {
          target: 'code.rejected',
          description:
            'No text could be sent (three already, or the sign-in expired): the message says why.',
          actions: assign({ error: ({ event }) => stepFailureMessage(event.error) }),
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
          method: context.method,
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
    enrolment: {
      description:
        'The policy requires a second factor: an authenticator app is set up before any session opens.',
      initial: 'preparing',
      states: {
        preparing: {
          description: 'Asks the server for a new authenticator secret.',
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            id: 'beginEnrolment',
            src: 'beginEnrolment',
            input: ({ context }) => ({
              userId: context.challenge?.userId ?? '',
              requestId: context.challenge?.mfaId ?? '',
            }),
            onDone: {
              target: 'scanning',
              description: 'The QR code, the key and the link show, with the code field.',
              actions: assign({ setup: ({ event }) => event.output }),
            },
            onError: {
              target: '#login.credentials.rejected',
              description: 'The sign-in expired or was refused: back to the form with the message.',
              actions: [
                'forgetStep',
                assign({ error: ({ event }) => stepFailureMessage(event.error) }),
              ],
            },
          },
        },
        scanning: {
          description: "'Set up your authenticator app': scan, then the app's code.",
          initial: 'editing',
          states: {
            editing: { description: 'No failure to report.' },
            rejected: { description: 'The code was refused; its message shows.', tags: ['error'] },
          },
          on: {
            'mfa.codeChanged': {
              description: "The app's code was typed.",
              actions: assign({ code: ({ event }) => event.value.trim() }),
            },
            'mfa.submit': {
              guard: 'canConfirmEnrolment',
              target: 'confirming',
              description: 'Verify was pressed with six digits.',
            },
            'mfa.back': {
              target: '#login.credentials',
              description: 'Back to the username and password; nothing was enrolled.',
              actions: 'forgetStep',
            },
          },
        },
        confirming: {
          description: 'Checks the code; a right one enrols the app and opens the session.',
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            id: 'confirmEnrolment',
            src: 'confirmEnrolment',
            input: ({ context }) => ({
              userId: context.challenge?.userId ?? '',
              requestId: context.challenge?.mfaId ?? '',
              setupId: context.setup?.setupId ?? '',
              code: context.code,
            }),
            onDone: [
              {
                guard: 'hasRecoveryCodes',
                target: '#login.recoveryCodes',
                description: 'Enrolled, signed in: the recovery codes show once.',
                actions: [
                  'forgetStep',
                  assign({ recoveryCodes: ({ event }) => event.output.recoveryCodes }),
                ],
              },
              {
                target: '#login.signedIn',
                description: 'Enrolled, signed in; the account kept the recovery codes it had.',
                actions: ['forgetStep', 'rememberUsername'],
              },
            ],
            onError: {
              target: 'scanning.rejected',
              description: 'The server refused the code; the message says why.',
              actions: assign({ error: ({ event }) => verifyFailureMessage(event.error) }),
            },
          },
        },
      },
    },
    recoveryCodes: {
      description: "'Save your recovery codes': shown once, with copy and download.",
      on: {
        'codes.savedChanged': {
          description: "'I have saved these codes' was ticked or cleared.",
          actions: assign({ codesSaved: ({ event }) => event.saved }),
        },
        'codes.done': {
          guard: 'codesSaved',
          target: 'signedIn',
          description: "Continue was pressed with 'I have saved these codes' ticked.",
          // The codes stay in the context: the card shows them until the console replaces it.
          actions: 'rememberUsername',
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
