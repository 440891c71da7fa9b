import { validatePassword, validateSecurityCode, validateUsername } from '../../../schema/rules'
import { ApiError } from '../../data/api/ApiError'
import { loginMachine, type LoginEvent, type LoginSnapshot } from '../../machines/login.machine'
import { definePaths } from './model'

export const userId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
export const mfaId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f61'
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
}

const events = [
  { type: 'login.usernameChanged', value: 'Ada@Example.com' },
  { type: 'login.usernameChanged', value: 'ada' },
  { type: 'login.passwordChanged', value: 'correct horse' },
  { type: 'login.passwordChanged', value: 'short' },
  { type: 'mfa.codeChanged', value: '123456' },
  { type: 'mfa.codeChanged', value: '123' },
  { type: 'xstate.done.actor.signIn', output: { user: { id: userId } } },
  { type: 'xstate.done.actor.signIn', output: { mfaId, user: { id: userId } } },
  { type: 'xstate.error.actor.signIn', error: failure(401, 801, 'Incorrect Login. Try Again.') },
  { type: 'xstate.error.actor.signIn', error: failure(403, 802, 'Locked.') },
  { type: 'xstate.error.actor.signIn', error: failure(403, 808, 'Disabled.') },
  { type: 'xstate.error.actor.signIn', error: failure(429, 823, EXPECTED.throttled) },
  { type: 'xstate.error.actor.signIn', error: offline },
  { type: 'xstate.done.actor.verifyAccessCode', output: { user: { id: userId } } },
  { type: 'xstate.error.actor.verifyAccessCode', error: failure(401, 803, 'Wrong code.') },
  { type: 'xstate.error.actor.verifyAccessCode', error: offline },
  { type: 'passkey.start' },
  { type: 'xstate.done.actor.signInWithPasskey', output: { user: { id: userId } } },
  { type: 'xstate.error.actor.signInWithPasskey', error: cancelled },
  { type: 'xstate.error.actor.signInWithPasskey', error: broken },
  { type: 'xstate.error.actor.signInWithPasskey', error: failure(401, 801, 'Incorrect Login.') },
] as unknown as LoginEvent[]

// Paths distinguish what the screen can show: the state, whether each field passes its rule, the
// message on show; typed text itself is not part of the model (it would make it unbounded).
const summary = (s: LoginSnapshot) =>
  JSON.stringify([
    s.value,
    !validateUsername(s.context.username),
    !validatePassword(s.context.password),
    !validateSecurityCode(s.context.code),
    s.context.error,
  ])

export const loginPaths = definePaths({
  name: 'Sign-in',
  machine: loginMachine,
  events,
  // The screen opens with no username stored from an earlier visit (renderLogin clears storage),
  // on a browser where biometric login was turned on, so the passkey path is part of the model.
  input: { username: '', passkeyOffered: true },
  serializeState: (state, event, previous) =>
    summary(state) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  shows: (s) => {
    if (s.matches('credentials') || s.matches('signingIn') || s.matches('passkeySigningIn'))
      return [
        "The 'Admin Login' form",
        s.can({ type: 'login.submit' }) ? 'Login is on' : 'Login is off',
        s.context.error ? `the message reads “${s.context.error}”` : 'no message',
      ].join('; ')
    if (s.matches('code') || s.matches('verifying'))
      return [
        "The 'Two Factor Authentication' form",
        s.can({ type: 'mfa.submit' }) ? 'Validate Code is on' : 'Validate Code is off',
        s.context.error ? `the message reads “${s.context.error}”` : 'no message',
      ].join('; ')
    return undefined
  },
})

export const models = [loginPaths]
