import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Db } from '../db/types'
import { AuditAction, type Client, recordAudit } from '../repos/audit'
import { insertOidcKeys, listOidcKeys, retireOidcKeys } from '../repos/oidc-keys'

/** Key sets kept published: the one that signs and the one before it (docs/sso.md). */
export const PUBLISHED_KEY_SETS = 2

async function privateJwk(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg, use: 'sig' }
}

/** A new key set: one RS256 and one ES256 private key. */
export async function generateKeySet(): Promise<JWK[]> {
  return [await privateJwk('RS256'), await privateJwk('ES256')]
}

/**
 * The provider's private JWKs, the newest set first (the provider signs with the first key of an
 * algorithm). The first start makes a set; two processes starting at once may both make one, which
 * is harmless: both stay published, the newest signs.
 */
export async function signingKeys(db: Db): Promise<JWK[]> {
  let sets = await listOidcKeys(db)
  if (sets.length === 0) {
    await insertOidcKeys(db, await generateKeySet())
    sets = await listOidcKeys(db)
  }
  return sets.flatMap((set) => set.jwks as JWK[])
}

/** A fingerprint of the published keys: it changes when a rotation happened. */
export async function keysVersion(db: Db): Promise<string> {
  return (await listOidcKeys(db)).map((set) => set.id).join(',')
}

/**
 * `npm run admin -- rotate-keys`: a new key set becomes the signing one; the previous stays
 * published so tokens it signed still verify; older ones are retired. Answers the new set's kids.
 */
export async function rotateSigningKeys(db: Db, client: Client): Promise<string[]> {
  const jwks = await generateKeySet()
  return db.transaction(async (tx) => {
    const row = await insertOidcKeys(tx, jwks)
    const sets = await listOidcKeys(tx)
    const retired = sets.slice(PUBLISHED_KEY_SETS).map((set) => set.id)
    await retireOidcKeys(tx, retired)
    const kids = jwks.map((jwk) => String(jwk.kid))
    await recordAudit(tx, client, {
      action: AuditAction.oidcKeysRotated,
      outcome: 'success',
      detail: { keySetId: row.id, kids, retired: retired.length },
    })
    return kids
  })
}
