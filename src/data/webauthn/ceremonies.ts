import type { LoginResults } from '../../../schema/auth'
import type { Passkey } from '../../../schema/passkeys'
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  signInWithPasskey,
} from '../api/passkeys'

type Options = { signal?: AbortSignal }

/*
 * @simplewebauthn/browser is loaded when a ceremony starts, not with /login: the first load's
 * budget (docs/performance.md). The support check and the cancel test need none of it.
 */
const browserCeremonies = () => import('@simplewebauthn/browser')

/** True when this browser can run WebAuthn ceremonies at all (as browserSupportsWebAuthn). */
export const webAuthnSupported = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function'

/**
 * True for the ways a person says no to the browser's passkey prompt (Cancel, closing it, the
 * timeout): WebAuthn reports them all as NotAllowedError, and an abort as AbortError.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  // The library's WebAuthnError for an aborted ceremony carries this code.
  if ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED') return true
  return error.name === 'NotAllowedError' || error.name === 'AbortError'
}

/**
 * Enabling biometric login on this device: the password buys options, the browser creates a
 * discoverable passkey (the fingerprint, face or screen-lock prompt), and the server stores it.
 */
export async function createPasskey(password: string, { signal }: Options = {}): Promise<Passkey> {
  const { challengeId, options } = await passkeyRegistrationOptions(password, { signal })
  const { startRegistration } = await browserCeremonies()
  const response = await startRegistration({ optionsJSON: options })
  return registerPasskey({ challengeId, response }, { signal })
}

/** Signing in with a passkey of this device: options, the browser's prompt, the server's check. */
export async function signInByPasskey({ signal }: Options = {}): Promise<LoginResults> {
  const { challengeId, options } = await passkeySignInOptions({ signal })
  const { startAuthentication } = await browserCeremonies()
  const response = await startAuthentication({ optionsJSON: options })
  return signInWithPasskey({ challengeId, response }, { signal })
}
