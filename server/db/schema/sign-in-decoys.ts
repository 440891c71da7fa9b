import { bigint, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core'
import { xid8 } from './columns'

/** How many decoy rows share the unknown usernames' failures (by a hash of the name). */
export const SIGN_IN_DECOY_SLOTS = 64

/**
 * Rows a wrong password for an unknown username writes, as a known one writes its user row (the
 * failure count, stamped with the change sequence and indexed the same way), so the answer costs
 * the same either way (docs/server-security.md, Timing). Never read; the counts mean nothing.
 */
export const signInDecoys = pgTable(
  'sign_in_decoys',
  {
    slot: smallint('slot').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    txid: xid8('txid'),
  },
  (t) => [index('sign_in_decoys_txid_rev_idx').on(t.txid, t.rev)],
)
