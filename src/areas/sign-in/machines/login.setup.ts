/**
 * The login chart's vocabulary and effects: its context, events and input, and the one `setup`
 * (actors, guards, actions) every state file of the chart builds on (login.machine.ts).
 */
import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate'
import type { EnrolmentResults, LoginResults } from '../../../../schema/auth'
import type { AuthenticatorSetupResults, SecondFactorMethod } from '../../../../schema/factors'
import { validatePassword, validateUsername } from '../../../../schema/rules'
import { signIn, verifyAccessCode } from '../../../data/api/auth'
import {
  beginSignInEnrolment,
  confirmSignInEnrolment,
  sendSignInText,
} from '../../../data/api/factors'
import { writeLastUsername } from '../../../data/prefs/lastUsername'
import { isCeremonyCancelled, signInByPasskey } from '../../../data/webauthn/ceremonies'
import { validateEnrolmentCode, validateStepCode, verifyFailureMessage } from './login.messages'
import { tellSession } from '../../../kit/machines/system'
import type { FieldEvent } from '../../../kit/machines/fieldEvent'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

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
  /** Where text messages go, masked as the server names it ('(•••) ••• - 0124'); null: not said. */
  destination: string | null
  /** The last text was sent again on request ("Resend code"): the step says a new code went. */
  resent: boolean
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

export type LoginEvent =
  | FieldEvent<'login.usernameChanged' | 'login.passwordChanged'>
  | { type: 'login.submit' }
  | { type: 'mfa.codeChanged'; value: string }
  | { type: 'mfa.submit' }
  | { type: 'mfa.back' }
  | { type: 'mfa.useMethod'; method: SecondFactorMethod }
  | { type: 'mfa.resend' }
  | { type: 'codes.savedChanged'; saved: boolean }
  | { type: 'codes.done' }
  | { type: 'passkey.start' }

/** The chart's implementations; each state file passes its states through `createStateConfig`. */
export const loginSetup = setup({
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
    // "Resend code": the step asks for a text message's code, and one was sent already.
    canResend: ({ context }) => context.method === 'sms' && context.textSent,
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
      destination: null,
      resent: false,
      setup: null,
    }),
  },
})

/** The sign-in step the server opened, as its calls (text, code, enrolment) name it. */
export const stepOf = ({ challenge }: LoginContext) => ({
  userId: challenge?.userId ?? '',
  requestId: challenge?.mfaId ?? '',
})

/** A code field's sub-states, spread into its step: nothing to report, or the refusal. */
export const codeEntry = {
  ...quietOrFailed('editing', 'rejected', {
    quiet: 'No failure to report.',
    failed: 'The code was refused; its message shows.',
  }),
} as const

type CodeChanged = Extract<LoginEvent, { type: 'mfa.codeChanged' }>

/** 'mfa.codeChanged': the code as typed, trimmed. */
export const keepCode = assign<LoginContext, CodeChanged, undefined, LoginEvent, never>({
  code: ({ event }) => event.value.trim(),
})

/** The server refused a code: why, in words. */
export const codeRefused = assign<LoginContext, ErrorActorEvent, undefined, LoginEvent, never>({
  error: ({ event }) => verifyFailureMessage(event.error),
})
