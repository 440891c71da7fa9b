const KEY = 'gatehouse.biometric'

// Storage can be unavailable (private modes, blocked cookies); then the login simply does not offer
// the passkey, and the password still works.

/** True when biometric login was enabled on this browser: it holds a passkey for Gatehouse. */
export function readBiometricFlag(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'on'
  } catch {
    return false
  }
}

/** Remembers (or forgets) that this browser holds a passkey for Gatehouse. */
export function writeBiometricFlag(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(KEY, 'on')
    else globalThis.localStorage?.removeItem(KEY)
  } catch {
    // See above: nothing to do.
  }
}
