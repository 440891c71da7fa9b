import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { RECOVERY_CODE_COUNT } from '../../schema/factors'

// Crockford's base32: no I, L, O or U, so a code read from paper has one spelling (the look-alikes
// are read as the digits they resemble).
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Ten new codes `XXXXX-XXXXX` (50 random bits each), shown once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!)
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

/** A code as typed (any case, with or without the dash) in the one form that is hashed. */
export const normalizeRecoveryCode = (code: string): string =>
  code.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1')

/** What is stored of a code: its SHA-256 (the code is random enough that no salt or slow hash is needed). */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url')

/** The index in `hashes` of the one `code` matches, compared in constant time against every one. */
export function matchingRecoveryCode(code: string, hashes: readonly string[]): number {
  const given = Buffer.from(hashRecoveryCode(code))
  let found = -1
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash)
    if (stored.length === given.length && timingSafeEqual(stored, given) && found < 0) found = index
  })
  return found
}
