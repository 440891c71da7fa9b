import type { Db } from '../db/types'
import { open, seal, sealedWith } from '../domain/secret-box'
import { AuditAction, type Client, recordAudit } from '../repos/audit'
import { allSealedSecrets, replaceSealedSecret } from '../repos/authenticators'
import { allSealedWebhookSecrets, replaceSealedWebhookSecrets } from '../repos/webhooks'
import {
  deleteFactorKeys,
  factorKeyById,
  insertFactorKey,
  listFactorKeys,
} from '../repos/factor-keys'

/**
 * Seals an authenticator secret with the newest factor key (made on first use; two processes
 * making one at once is harmless: both keys stay, the newest seals).
 */
export async function sealFactorSecret(db: Db, secret: string): Promise<string> {
  const [newest] = await listFactorKeys(db)
  const key = newest ?? (await insertFactorKey(db))
  return seal(key.id, key.key, secret)
}

/** Opens a sealed authenticator secret with the key it names. */
export async function openFactorSecret(db: Db, sealed: string): Promise<string> {
  const key = await factorKeyById(db, sealedWith(sealed))
  if (!key) throw new Error('The key that sealed this authenticator secret is gone.')
  return open(sealed, key.key)
}

/**
 * `npm run admin -- rotate-keys` (with the single sign-on keys): a new factor key, every
 * authenticator secret opened and sealed again with it, then the old keys deleted, in one
 * transaction. Answers how many secrets were sealed again.
 */
export async function rotateFactorKey(db: Db, client: Client): Promise<number> {
  return db.transaction(async (tx) => {
    const old = await listFactorKeys(tx)
    const key = await insertFactorKey(tx)
    const secrets = await allSealedSecrets(tx)
    for (const row of secrets) {
      const opened = open(row.secret, old.find((k) => k.id === sealedWith(row.secret))!.key)
      await replaceSealedSecret(tx, row.id, seal(key.id, key.key, opened))
    }
    // Webhook signing secrets are sealed with the same keys (docs/webhooks.md).
    const reseal = (sealed: string) =>
      seal(key.id, key.key, open(sealed, old.find((k) => k.id === sealedWith(sealed))!.key))
    for (const row of await allSealedWebhookSecrets(tx))
      await replaceSealedWebhookSecrets(
        tx,
        row.id,
        reseal(row.secret),
        row.previousSecret ? reseal(row.previousSecret) : null,
      )
    await deleteFactorKeys(
      tx,
      old.map((k) => k.id),
    )
    await recordAudit(tx, client, {
      action: AuditAction.factorKeyRotated,
      outcome: 'success',
      detail: { keyId: key.id, resealed: secrets.length, retired: old.length },
    })
    return secrets.length
  })
}
