import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import type { LoginResults } from '../../../schema/auth'
import type {
  Passkey,
  PasskeyRegistrationOptionsResults,
  PasskeySignInOptionsResults,
} from '../../../schema/passkeys'
import { call, callFor, http } from './client'

// The schemas load with the first answer: passkey sign-in is on the sign-in page, which is in the
// first load, and TypeBox is not (docs/console-first-load.md).
const passkeys = () => import('../../../schema/passkeys')
const loginResults = async () => (await import('../../../schema/auth')).LoginResults

type Options = { signal?: AbortSignal }

/** The signed-in user's passkeys (on every device). */
export async function listPasskeys({ signal }: Options = {}): Promise<Passkey[]> {
  return (await callFor(async () => (await passkeys()).PasskeyListResults, () => http.get('passkeys', { signal }))).passkeys
}

/** Step one of enabling biometric login: the account password buys creation options. */
export function passkeyRegistrationOptions(
  password: string,
  { signal }: Options = {},
): Promise<PasskeyRegistrationOptionsResults> {
  return callFor(async () => (await passkeys()).PasskeyRegistrationOptionsResults, () =>
    http.post('passkeys/registration/options', { json: { password }, signal }),
  )
}

/** Step two: what the browser created, checked and stored by the server. */
export async function registerPasskey(
  body: { challengeId: string; response: RegistrationResponseJSON },
  { signal }: Options = {},
): Promise<Passkey> {
  return (
    await callFor(async () => (await passkeys()).PasskeyResults, () => http.post('passkeys/registration', { json: body, signal }))
  ).passkey
}

/** Turns biometric login off: every passkey of the user goes. */
export async function removeAllPasskeys({ signal }: Options = {}): Promise<number> {
  return (await callFor(async () => (await passkeys()).PasskeysRemovedResults, () => http.delete('passkeys', { signal }))).removed
}

/** Removes one of the user's passkeys. */
export function removePasskey(id: string, { signal }: Options = {}): Promise<void> {
  return call(() => http.delete(`passkey/${encodeURIComponent(id)}`, { signal }))
}

/** Options for a passkey sign-in; no account named, the passkey brings its own. */
export function passkeySignInOptions({ signal }: Options = {}): Promise<PasskeySignInOptionsResults> {
  return callFor(async () => (await passkeys()).PasskeySignInOptionsResults, () => http.post('login/passkey/options', { signal }))
}

/** Signs in with what the browser's passkey signed; the answer sets the session cookie. */
export function signInWithPasskey(
  body: { challengeId: string; response: AuthenticationResponseJSON },
  { signal }: Options = {},
): Promise<LoginResults> {
  return callFor(loginResults, () => http.post('login/passkey', { json: body, signal }))
}
