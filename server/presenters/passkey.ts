import type { Passkey } from '../../schema/passkeys'
import type { PasskeyRow } from '../db/schema/passkeys'

/** A passkey as its owner sees it: what it is called and when it was made and last used. */
export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})
