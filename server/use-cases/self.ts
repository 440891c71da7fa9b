import type { SessionRow } from '../db/schema/sessions'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { cachePerOwner } from '../domain/bounded-cache'
import { previousSignIn } from '../repos/audit'
import type { UseCaseContext } from './context'

type Previous = Awaited<ReturnType<typeof previousSignIn>>

/**
 * The answer is about audit rows written before the session opened, which do not change, so it is
 * read once per session and kept (at most this many sessions per database; docs/server-performance.md).
 */
const previousBySession = cachePerOwner<Db, string, Promise<Previous>>(20_000)

/**
 * What GET /v1/self tells the signed-in user besides their own record: the successful sign-in
 * before the one that opened this session (when and from where), or null.
 */
export function signInBefore(ctx: UseCaseContext, user: UserRow, session: SessionRow) {
  const cache = previousBySession(ctx.db)
  const known = cache.get(session.id)
  if (known) return known
  const reading = previousSignIn(ctx.db, user.id, session.id, session.createdAt)
  // A failed read is not kept.
  reading.catch(() => {
    if (cache.get(session.id) === reading) cache.delete(session.id)
  })
  return cache.set(session.id, reading)
}
