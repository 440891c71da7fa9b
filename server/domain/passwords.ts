import { randomBytes } from 'node:crypto'
import { type Algorithm, hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id recommendation: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = {
  // Algorithm is a const enum, which isolated modules cannot read; 2 is its Argon2id.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

let dummyHash: Promise<string> | undefined

/**
 * Password hashing. An object rather than loose functions so that tests can watch `verify` and see
 * that an unknown username still costs one argon2 verification.
 */
export const passwords = {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS)
  },

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password)
    } catch {
      // A malformed stored hash is a refusal, not a crash.
      return false
    }
  },

  /**
   * Verifies against the stored hash, or — when there is no account — against a hash made with the
   * same parameters, so that "no such user" and "wrong password" take the same time.
   */
  async verifyOrDummy(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (passwordHash !== undefined) return passwords.verify(passwordHash, password)
    dummyHash ??= passwords.hash(randomBytes(16).toString('base64url'))
    await passwords.verify(await dummyHash, password)
    return false
  },
}
