import { createHash, randomBytes } from 'node:crypto'

/** SHA-256 of a token, as stored: a leaked table does not give anyone a usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** A new opaque token of 256 random bits and the hash to store for it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}
