import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Seals a short secret with AES-256-GCM under a key named `keyId`:
 * `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts), so a rotation knows which key opens it.
 */
export function seal(keyId: string, key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(keyId))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'))
  return ['v1', keyId, ...parts].join('.')
}

/** The id of the key that sealed `sealed`. */
export function sealedWith(sealed: string): string {
  const [version, keyId] = sealed.split('.')
  if (version !== 'v1' || !keyId) throw new Error('Not a sealed secret.')
  return keyId
}

/** Opens what `seal` sealed; throws when the key is wrong or the text was changed. */
export function open(sealed: string, key: Buffer): string {
  const [version, keyId, iv, body, tag] = sealed.split('.')
  if (version !== 'v1' || !keyId || !iv || !body || !tag) throw new Error('Not a sealed secret.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(keyId))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}
