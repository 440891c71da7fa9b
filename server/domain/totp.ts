import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30
const ISSUER = 'Gatehouse'

const totp = (secret: string, email = '') =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })

/** A new 160-bit secret, in base32 as apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** The `otpauth://totp/Gatehouse:<email>?secret=…&issuer=Gatehouse` URI a QR code carries. */
export const totpUri = (secret: string, email: string): string => totp(secret, email).toString()

/**
 * The time step of `code` if it is right at `now`, one step of clock drift either way allowed, and
 * later than `lastStep` (a code is accepted once: the same one, or an older one, replayed within
 * its window is refused). otpauth compares in constant time.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number,
): number | undefined {
  const generator = totp(secret)
  const delta = generator.validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return undefined
  const step = generator.counter({ timestamp: now.getTime() }) + delta
  return step > lastStep ? step : undefined
}

/** The code of `secret` at `at` (tests and the e2e read codes the way an app would). */
export const totpCodeAt = (secret: string, at: Date): string =>
  totp(secret).generate({ timestamp: at.getTime() })
