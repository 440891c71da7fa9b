import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { ApiError } from '../../../data/api/ApiError'
import {
  byLabel,
  byRole,
  defineScreenScript,
  text,
  type AnswerScript,
  type Check,
  type EventScript,
} from '../../../flows/playwright/screenScript'
import type { LoginSnapshot } from '../machines/login.machine'

/** The answer to a right username and password of an account with no second factor. */
const REAL = 'real credentials'
/** The answer to a username no account has: 801 'Incorrect Login', counted against no one. */
const WRONG = 'unknown username'

const SAMPLE_USERNAME = 'Ada@Example.com'
const SAMPLE_PASSWORD = 'correct horse'

const PASSKEY = 'a passkey needs this device’s authenticator, which a run cannot present'
const SECOND_STEP =
  'the second step needs an account with a second factor and its code (a text message or an authenticator app)'

const loginButton = byRole('button', 'Login')

/** What the sign-in's answer needs from the server, or why a real server cannot give it. */
function answer(event: EventObject): AnswerScript {
  const { type } = event
  if (type === 'xstate.done.actor.signIn') {
    const output = (event as unknown as { output: { mfaId?: string } }).output
    return output.mfaId ? { notDrivable: SECOND_STEP } : { needs: REAL }
  }
  if (type === 'xstate.error.actor.signIn') {
    const error = (event as unknown as { error: unknown }).error
    if (error instanceof ApiError && error.code === 801) return { needs: WRONG }
    if (error instanceof ApiError && error.code === 802)
      return { notDrivable: 'it needs a locked account' }
    if (error instanceof ApiError && error.code === 808)
      return { notDrivable: 'it needs a disabled account' }
    if (error instanceof ApiError && error.code === 823)
      return { notDrivable: 'it needs the address throttled (too many attempts)' }
    return { notDrivable: 'it needs the server out of reach' }
  }
  if (type.endsWith('.signInWithPasskey')) return { notDrivable: PASSKEY }
  return { notDrivable: SECOND_STEP }
}

/**
 * The sample username and password stand for the run's account where the path really signs in,
 * and for an address no account has where the server must refuse them; other samples (too short,
 * not an address) are typed as they are, so the form judges them as the model does.
 */
function event(sent: EventObject, needs: ReadonlySet<string>): EventScript {
  const value = (sent as { value?: string }).value ?? ''
  switch (sent.type) {
    case 'login.usernameChanged':
      return {
        actions: [
          {
            fill: byLabel('Username'),
            value:
              value !== SAMPLE_USERNAME
                ? text(value)
                : needs.has(REAL)
                  ? { env: 'username' }
                  : { unique: value },
          },
        ],
      }
    case 'login.passwordChanged':
      return {
        actions: [
          {
            fill: byLabel('Password'),
            value: value === SAMPLE_PASSWORD && needs.has(REAL) ? { env: 'password' } : text(value),
          },
        ],
      }
    case 'login.submit':
      return { actions: [{ click: loginButton }] }
    case 'passkey.start':
      return { notDrivable: PASSKEY }
    default:
      return { notDrivable: SECOND_STEP }
  }
}

function checks(snapshot: AnyMachineSnapshot) {
  const s = snapshot as LoginSnapshot
  if (s.matches('signedIn')) return [{ url: '/home$' }] satisfies Check[]
  if (s.hasTag('busy'))
    return { passing: 'the server answers the sign-in before a check could see it wait' }
  if (!s.matches('credentials')) return { passing: SECOND_STEP }
  const list: Check[] = [
    { visible: byRole('heading', 'Admin Login') },
    s.can({ type: 'login.submit' }) ? { enabled: loginButton } : { disabled: loginButton },
  ]
  list.push(
    s.context.error
      ? { visible: { text: s.context.error, exact: true } }
      : { hidden: byRole('alert') },
  )
  return list
}

/** The login screen (/login), signed out, with a fresh browser: nothing stored from a visit. */
export const script = defineScreenScript({
  machine: 'login',
  start: () => ({ path: '/login', signedIn: false }),
  event,
  answer,
  checks,
})
