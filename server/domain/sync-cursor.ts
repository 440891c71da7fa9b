/**
 * A place in a collection's change stream: the transaction that made the change and its rev
 * (docs/server-storage.md, 'Sync order'). Changes are read in (txid, rev) order.
 */
export interface ChangePosition {
  /** xid8 as decimal text; it can pass 2^53, so it never becomes a number. */
  txid: string
  rev: number
}

const SHAPE = /^(\d{1,20}):(\d{1,19})$/

/** The opaque cursor the console keeps: base64url of `txid:rev`. */
export function encodeCursor(position: ChangePosition): string {
  return Buffer.from(`${position.txid}:${position.rev}`).toString('base64url')
}

/** The position a cursor names, or undefined when it is not one this server wrote. */
export function decodeCursor(cursor: string): ChangePosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  const match = SHAPE.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
  if (!match?.[1] || !match[2]) return undefined
  const rev = Number(match[2])
  return Number.isSafeInteger(rev) ? { txid: match[1], rev } : undefined
}

/** Orders two positions as the stream does: by transaction, then rev. */
export function comparePositions(a: ChangePosition, b: ChangePosition): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid)
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1
  return a.rev - b.rev
}
