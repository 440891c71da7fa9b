import type { LoginResults } from '../../../../schema/auth'
import { validatePassword, validateUsername } from '../../../../schema/rules'
import { ApiError } from '../../../data/api/ApiError'
import { loginMachine, type LoginEvent, type LoginSnapshot } from '../machines/login.machine'
import { METHOD_TEXT, textSentLine } from '../machines/login.messages'
import { selectCodeError, selectStep } from '../machines/login.selectors'
import { greedyCover } from '../../../flows/covering'
import { defaultDetail, definePaths, withWayIn } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'

export const userId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
export const mfaId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f61'
/** Where the server says text messages go: masked, never the full number. */
export const destination = '(•••) ••• - 0124'
const failure = (status: number, code: number, message: string) =>
  new ApiError(status, code, message)
const offline = new ApiError(0, 1000, 'The server could not be reached.', true)
// What the browser throws when the person closes its passkey prompt, and when the prompt breaks.
const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
})
const broken = Object.assign(new Error('The authenticator was unable to process the options.'), {
  name: 'UnknownError',
})

/** SPEC.md §8, word for word: what each failure must put on screen. */
export const EXPECTED = {
  incorrectLogin: 'Incorrect Login. Try Again.',
  locked:
    'This account has been locked, once an admin unlocks your account you will receive a password reset email.',
  disabled: 'This account has been disabled. Contact your administrator.',
  throttled: 'Too many attempts. Try again in 5 minutes.',
  exception: 'An Error Occurred. Try Again.',
  incorrectCode: 'Incorrect Code. Try Again.',
  // The server's own sentences about the second step (docs/second-factors.md).
  noMoreTexts: 'No more text messages can be sent for this sign-in. Sign in again.',
  expired: 'This sign-in has expired. Sign in again.',
}

export const setup = {
  setupId: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f62',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Gatehouse:ada%40example.com?issuer=Gatehouse&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
}
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `7KQ2M-XR9D${i}`)

const events = [
  ...typed('login.usernameChanged', 'Ada@Example.com', 'ada'),
  ...typed('login.passwordChanged', 'correct horse', 'short'),
  ...typed('mfa.codeChanged', '123456', '123', '7kq2m-xr9d0'),
  { type: 'mfa.useMethod', method: 'sms' },
  { type: 'mfa.useMethod', method: 'totp' },
  { type: 'mfa.useMethod', method: 'recovery' },
  { type: 'mfa.resend' },
  { type: 'xstate.done.actor.signIn', output: { user: { id: userId } } },
  // Text messages only (SPEC.md's step, as older servers answer it: no methods, no destination).
  { type: 'xstate.done.actor.signIn', output: { mfaId, user: { id: userId } } },
  // An authenticator app first, then text messages (to the masked phone) and recovery codes.
  {
    type: 'xstate.done.actor.signIn',
    output: { mfaId, user: { id: userId }, methods: ['totp', 'sms', 'recovery'], destination },
  },
  // The policy requires a second factor the account lacks.
  { type: 'xstate.done.actor.signIn', output: { mfaId, user: { id: userId }, enrolment: true } },
  { type: 'xstate.done.actor.sendText' },
  { type: 'xstate.error.actor.sendText', error: failure(422, 422, EXPECTED.noMoreTexts) },
  { type: 'xstate.done.actor.beginEnrolment', output: setup },
  { type: 'xstate.error.actor.beginEnrolment', error: failure(401, 803, EXPECTED.expired) },
  {
    type: 'xstate.done.actor.confirmEnrolment',
    output: { user: { id: userId }, recoveryCodes },
  },
  {
    type: 'xstate.done.actor.confirmEnrolment',
    output: { user: { id: userId }, recoveryCodes: [] },
  },
  {
    type: 'xstate.error.actor.confirmEnrolment',
    error: failure(401, 803, EXPECTED.incorrectCode),
  },
  { type: 'codes.savedChanged', saved: true },
  { type: 'codes.savedChanged', saved: false },
  { type: 'codes.done' },
  { type: 'xstate.error.actor.signIn', error: failure(401, 801, EXPECTED.incorrectLogin) },
  { type: 'xstate.error.actor.signIn', error: failure(403, 802, EXPECTED.locked) },
  { type: 'xstate.error.actor.signIn', error: failure(403, 808, EXPECTED.disabled) },
  { type: 'xstate.error.actor.signIn', error: failure(429, 823, EXPECTED.throttled) },
  { type: 'xstate.error.actor.signIn', error: offline },
  { type: 'xstate.done.actor.verifyAccessCode', output: { user: { id: userId } } },
  {
    type: 'xstate.error.actor.verifyAccessCode',
    error: failure(401, 803, EXPECTED.incorrectCode),
  },
  { type: 'xstate.error.actor.verifyAccessCode', error: offline },
  { type: 'passkey.start' },
  { type: 'xstate.done.actor.signInWithPasskey', output: { user: { id: userId } } },
  { type: 'xstate.error.actor.signInWithPasskey', error: cancelled },
  { type: 'xstate.error.actor.signInWithPasskey', error: broken },
  {
    type: 'xstate.error.actor.signInWithPasskey',
    error: failure(401, 801, EXPECTED.incorrectLogin),
  },
] as unknown as LoginEvent[]

// Paths distinguish what the screen can show: the state, whether each field passes its rule, the
// message on show; typed text itself is not part of the model (it would make it unbounded).
const summary = (s: LoginSnapshot) =>
  JSON.stringify([
    s.value,
    !validateUsername(s.context.username),
    !validatePassword(s.context.password),
    !selectCodeError(s),
    s.context.error,
    // The factor asked shows only on the second step, the tick only on the recovery codes.
    selectStep(s) === 'code' ? [s.context.method, ...s.context.methods] : null,
    // 'a new code' once the text was sent again (where it went follows from the methods above).
    selectStep(s) === 'code' && s.context.method === 'sms' && s.context.textSent
      ? s.context.resent
      : null,
    selectStep(s) === 'recoveryCodes' ? s.context.codesSaved : null,
  ])

/** A state of the model: what the screen shows, and the step that led into it. */
const serialize = withWayIn(summary)

type LoginPath = {
  steps: { event: { type: string }; state: LoginSnapshot }[]
}

/**
 * The few paths that together reach every state of the model (greedy set cover): the shortest
 * path to a state runs through the shortest paths to the states before it, so the others are
 * driven as part of the longer ones.
 */
function covering<P extends LoginPath>(paths: P[]): P[] {
  const covers = paths.map((path) => {
    const items = new Set<string>()
    let before: LoginSnapshot | undefined
    for (const { event, state } of path.steps) {
      items.add(serialize(state, event, before))
      before = state
    }
    return items
  })
  // Shortest first, as the Flows page lists and numbers them.
  return greedyCover(paths, covers, { shorterOnTie: false }).sort(
    (a, b) => a.steps.length - b.steps.length,
  )
}

export const loginPaths = definePaths({
  name: 'Sign-in',
  machine: loginMachine,
  events,
  // The screen opens with no username stored from an earlier visit (renderLogin clears storage),
  // on a browser where biometric login was turned on, so the passkey path is part of the model.
  input: { username: '', passkeyOffered: true },
  select: (paths) => covering(paths),
  detail: (sent) => {
    // Actor endings are not among the machine's own event types.
    const event = sent as LoginEvent | { type: string; output?: unknown }
    if (event.type === 'xstate.done.actor.signIn') {
      const { methods, mfaId, enrolment } = (event as { output: LoginResults }).output
      if (methods)
        return `(${methods.map((m) => METHOD_TEXT[m].use.toLowerCase()).join(', then ')})`
      return mfaId && !enrolment ? '(text messages only)' : undefined
    }
    if (event.type === 'mfa.useMethod' && 'method' in event)
      return `“${METHOD_TEXT[event.method].use}”`
    if (event.type === 'codes.savedChanged' && 'saved' in event)
      return event.saved ? 'ticked' : 'cleared'
    if (event.type === 'xstate.done.actor.confirmEnrolment') {
      const { recoveryCodes: codes } = (event as { output: { recoveryCodes: string[] } }).output
      return codes.length > 0 ? '(ten recovery codes)' : '(it had recovery codes already)'
    }
    return defaultDetail(sent)
  },
  serializeState: serialize,
  shows: (s) => {
    if (s.matches('credentials') || s.matches('signingIn') || s.matches('passkeySigningIn'))
      return [
        "The 'Admin Login' form",
        s.can({ type: 'login.submit' }) ? 'Login is on' : 'Login is off',
        s.context.error ? `the message reads “${s.context.error}”` : 'no message',
      ].join('; ')
    const step = selectStep(s)
    const message = s.context.error ? `the message reads “${s.context.error}”` : 'no message'
    if (step === 'code')
      return [
        "The 'Two Factor Authentication' form",
        `the field is ${METHOD_TEXT[s.context.method].label}`,
        ...(s.context.method === 'sms' && s.context.textSent
          ? [`“${textSentLine(s.context.destination, s.context.resent)}” with Resend code`]
          : []),
        s.can({ type: 'mfa.submit' }) ? 'Validate Code is on' : 'Validate Code is off',
        message,
      ].join('; ')
    if (step === 'enrolment')
      return [
        "'Set up your authenticator app' with the QR code",
        s.can({ type: 'mfa.submit' }) ? 'Verify is on' : 'Verify is off',
        message,
      ].join('; ')
    if (step === 'recoveryCodes')
      return [
        "'Save your recovery codes' with ten codes",
        s.can({ type: 'codes.done' }) ? 'Continue is on' : 'Continue is off',
      ].join('; ')
    return undefined
  },
})

export const models = [loginPaths]
