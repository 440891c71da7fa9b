import type { SelfUser } from '../../../schema/user'

/** The Profile screen's biometric login (passkey) toggle. Filled in by the passkeys work. */
export function BiometricSetting(_props: { user: SelfUser }) {
  return null
}
