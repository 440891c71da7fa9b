import { defaultErrorMessage } from '../../../../schema/errors'
import type { InteractionDetails } from '../../../../schema/oidc'
import { expiryTitle } from '../../../kit/session/passwordExpiry.selectors'
import {
  serviceSignInMachine,
  type ServiceSignInEvent,
  type ServiceSignInSnapshot,
} from '../machines/serviceSignIn.machine'
import {
  consentHeading,
  MUST_CHANGE_PASSWORD,
  RETURNING,
  signInHeading,
} from '../machines/serviceSignIn.messages'
import { answerDetail, failure, notSignedIn, offline } from '../../../kit/fixtures/api.fixtures'
import { definePaths } from '../../../flows/model'

export const UID = 'Xk2v9QwErTy7uIoP3aSdF'
export const RETURN_TO = `/oidc/auth/${UID}`
export const SERVICE_NAME = 'Alpha Desk'

/** What the server says about the interaction: who asks, for what, who is signed in here. */
export const details = (
  prompt: 'login' | 'consent',
  signedIn: boolean,
  freshSignIn = false,
): InteractionDetails => ({
  uid: UID,
  prompt,
  service: {
    id: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f70',
    key: 'alpha-desk',
    name: SERVICE_NAME,
    url: 'https://alpha.example.com',
    hasLogo: false,
    logoUrl: null,
    firstParty: prompt === 'login',
  },
  scopes: ['openid', 'email', 'profile'],
  signedIn: signedIn ? { id: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60', name: 'Ada Lovelace' } : null,
  freshSignIn,
})

/** SPEC.md §8 and the server's own sentences, as the page must show them. */
export const EXPECTED = {
  locked:
    'This account has been locked, once an admin unlocks your account you will receive a password reset email.',
  disabled: 'This account has been disabled. Contact your administrator.',
  exception: 'An Error Occurred. Try Again.',
  expired:
    'This sign-in has expired or was started in another browser. Go back to the service and start again.',
}

export const SECOND_FACTOR_NEEDED =
  'This service needs a second factor: sign in again with it to continue.'

const events = [
  { type: 'interaction.allow' },
  { type: 'interaction.cancel' },
  { type: 'interaction.continue' },
  { type: 'interaction.retry' },
  { type: 'xstate.done.actor.fetchDetails', output: details('login', false) },
  { type: 'xstate.done.actor.fetchDetails', output: details('login', true) },
  { type: 'xstate.done.actor.fetchDetails', output: details('login', true, true) },
  { type: 'xstate.done.actor.fetchDetails', output: details('consent', true) },
  { type: 'xstate.error.actor.fetchDetails', error: failure(404, 404, EXPECTED.expired) },
  { type: 'xstate.error.actor.fetchDetails', error: offline },
  { type: 'xstate.done.actor.login' },
  { type: 'xstate.done.actor.completeLogin', output: { returnTo: RETURN_TO } },
  { type: 'xstate.done.actor.completeLogin', output: { returnTo: RETURN_TO, expiresInDays: 3 } },
  { type: 'xstate.error.actor.completeLogin', error: notSignedIn },
  // The service needs a second factor the console session was opened without.
  { type: 'xstate.error.actor.completeLogin', error: failure(401, 401, SECOND_FACTOR_NEEDED) },
  { type: 'xstate.error.actor.completeLogin', error: failure(403, 403, MUST_CHANGE_PASSWORD) },
  { type: 'xstate.error.actor.completeLogin', error: failure(403, 802, defaultErrorMessage[802]) },
  { type: 'xstate.error.actor.completeLogin', error: failure(403, 808, defaultErrorMessage[808]) },
  { type: 'xstate.done.actor.consent', output: { returnTo: RETURN_TO } },
  { type: 'xstate.error.actor.consent', error: offline },
  { type: 'xstate.done.actor.abort', output: { returnTo: RETURN_TO } },
  { type: 'xstate.error.actor.abort', error: failure(404, 404, EXPECTED.expired) },
] as unknown as ServiceSignInEvent[]

function shows(s: ServiceSignInSnapshot): string | undefined {
  const name = s.context.details?.service.name ?? 'the service'
  if (s.matches('signingIn'))
    return `'${signInHeading(name)}': the login form and Cancel${s.context.notice ? `, with “${s.context.notice}”` : ''}`
  if (s.matches('consent')) return `'${consentHeading(name)}': the scopes, Allow and Cancel`
  if (s.matches('expiryWarning'))
    return `'${expiryTitle(s.context.expiresInDays ?? 0)}', 'Continue to ${name}' and 'Change password'`
  if (s.matches('mustChangePassword')) return `'${MUST_CHANGE_PASSWORD}', 'Change password', Cancel`
  if (s.matches('failed')) return `the message reads “${s.context.error}”; Try again`
  if (s.matches('leaving')) return `'${RETURNING}'`
  return "'Please wait...'"
}

export const serviceSignInPaths = definePaths({
  name: 'Signing in to a service',
  machine: serviceSignInMachine,
  input: { uid: UID, login: { username: '', passkeyOffered: false } },
  events,
  // The state and the step that led to it: each way into a screen is a path of its own.
  serializeState: (s, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.error,
      s.context.details?.prompt,
      s.context.details?.freshSignIn,
    ]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type}${JSON.stringify((event as { output?: unknown }).output ?? '')} from ${JSON.stringify(previous.value)}`
      : ''),
  shows,
  values: (s) => ({ n: s.context.expiresInDays ?? undefined }),
  detail: answerDetail,
})

export const models = [serviceSignInPaths]
