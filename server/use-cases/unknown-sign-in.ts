import { ErrorCode } from '../../schema/errors'
import { normalizeUsername } from '../../schema/rules'
import { ApiError } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { countFailureOfNobody } from '../repos/sign-in-decoy'
import type { UseCaseContext } from './context'
import { addressThrottled } from './throttle'

/**
 * A password step for a username with no account. It does the database work of a known account's
 * wrong password (failed-sign-in.ts: the address re-check, one transaction, the count update, the
 * audit row), so the answer does not come measurably sooner and tell a stranger which usernames
 * exist (`npm run bench:timing` compares them).
 */
export async function failUnknownUser(ctx: UseCaseContext, rawUsername: string): Promise<ApiError> {
  const username = normalizeUsername(rawUsername).slice(0, 254)
  await addressThrottled(ctx)
  await ctx.db.transaction(async (tx) => {
    await countFailureOfNobody(tx, username)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.signIn,
      outcome: 'failure',
      detail: { username, reason: 'unknown user' },
    })
  })
  return new ApiError(ErrorCode.incorrectLogin)
}
