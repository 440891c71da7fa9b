import type { SessionRow } from '../db/schema/sessions'
import type { UserRow } from '../db/schema/users'
import { previousSignIn } from '../repos/audit'
import type { UseCaseContext } from './context'

/**
 * What GET /v1/self tells the signed-in user besides their own record: the successful sign-in
 * before the one that opened this session (when and from where), or null.
 */
export const signInBefore = (ctx: UseCaseContext, user: UserRow, session: SessionRow) =>
  previousSignIn(ctx.db, user.id, session.id, session.createdAt)
