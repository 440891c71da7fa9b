import { storedText } from './storedText'

// Without storage the login simply does not offer the passkey, and the password still works.
const flag = storedText('gatehouse.biometric')

/** True when biometric login was enabled on this browser: it holds a passkey for Gatehouse. */
export function readBiometricFlag(): boolean {
  return flag.read() === 'on'
}

/** Remembers (or forgets) that this browser holds a passkey for Gatehouse. */
export function writeBiometricFlag(on: boolean): void {
  flag.write(on ? 'on' : null)
}
