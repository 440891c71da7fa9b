import type { AttentionResults, QueueAction, QueueQuery, QueueResults } from '../../schema/queue'
import type { UserRow } from '../db/schema/users'
import { maskRecipient } from '../domain/masking'
import { ApiError, conflict } from '../errors'
import { ErrorCode } from '../../schema/errors'
import { toQueueMessage } from '../presenters/queue'
import { AuditAction, recordAudit } from '../repos/audit'
import { lockedUsers } from '../repos/dashboard'
import {
  cancelMessage,
  findMessage,
  givenUpMessages,
  listMessages,
  rearmMessage,
} from '../repos/outbox'
import type { UseCaseContext } from './context'

const PAGE = 50
/** How many of each kind "needs staff" lists; the rest are in the list by status. */
const ATTENTION_MAX = 50

/** One page of the Queue, newest first (docs/queue.md). */
export async function listQueue(ctx: UseCaseContext, query: QueueQuery): Promise<QueueResults> {
  const limit = query.limit ?? PAGE
  const rows = await listMessages(
    ctx.db,
    {
      ...(query.status ? { statuses: [query.status] } : {}),
      ...(query.channel ? { channel: query.channel } : {}),
      ...(query.before ? { before: query.before } : {}),
    },
    limit,
  )
  const page = rows.slice(0, limit)
  return {
    messages: page.map(toQueueMessage),
    cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  }
}

/** Locked accounts waiting for an unlock, and messages that gave up. */
export async function queueAttention(ctx: UseCaseContext): Promise<AttentionResults> {
  const [locked, givenUp] = await Promise.all([
    lockedUsers(ctx.db, ATTENTION_MAX),
    givenUpMessages(ctx.db, ATTENTION_MAX),
  ])
  return {
    locked: locked.map((user) => ({
      id: user.id,
      name: `${user.nameFirst} ${user.nameLast}`.trim(),
      email: user.email,
      lockedAt: (user.lockedAt ?? new Date(0)).toISOString(),
    })),
    givenUp: givenUp.map(toQueueMessage),
  }
}

export const QUEUE_MESSAGES = {
  retry: 'This message cannot be retried now: it was sent, cancelled, or is being sent.',
  cancel: 'This message cannot be cancelled: it was sent, cancelled, or is being sent.',
} as const

/**
 * Retry now (the message is due at once; one that gave up waits again and gets one more attempt)
 * or cancel (it will never be sent). Audited in the same transaction; a retry is then delivered
 * at once, like every newly queued message.
 */
export async function actOnMessage(
  ctx: UseCaseContext,
  actor: UserRow,
  id: string,
  action: QueueAction,
) {
  const now = new Date()
  const message = await ctx.db.transaction(async (tx) => {
    const before = await findMessage(tx, id)
    if (!before) throw new ApiError(ErrorCode.notFound, 'There is no such message.')
    const after = action === 'retry' ? await rearmMessage(tx, id, now) : await cancelMessage(tx, id)
    if (!after) throw conflict(QUEUE_MESSAGES[action])
    await recordAudit(
      tx,
      ctx.client,
      {
        action: action === 'retry' ? AuditAction.queueRetry : AuditAction.queueCancel,
        outcome: 'success',
        actorUserId: actor.id,
        detail: {
          messageId: id,
          channel: before.channel,
          to: maskRecipient(before.channel, before.to),
          subject: before.subject,
          attempts: before.attempts,
          changes: { status: { before: before.status, after: after.status } },
        },
      },
      now,
    )
    return after
  })
  if (action === 'retry') await ctx.outbox.deliverNow([id])
  const latest = await findMessage(ctx.db, id)
  return toQueueMessage(latest ?? message)
}
