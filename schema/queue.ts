import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'

/*
 * The Queue API (docs/queue.md): outbound messages for INTERNAL staff with queue.read; retry now and
 * cancel with queue.write. A message's text never leaves the server here (it may hold a reset link
 * or a security code): the list shows the subject, the recipient partly masked.
 */

export const MessageStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'given_up',
  'cancelled',
] as const
export const MessageStatus = LiteralUnion(MessageStatuses)
export type MessageStatus = Static<typeof MessageStatus>

export const MessageChannels = ['email', 'sms', 'webhook'] as const
export const MessageChannel = LiteralUnion(MessageChannels)
export type MessageChannel = Static<typeof MessageChannel>

/** One outbound message as the Queue lists it. */
export const QueueMessage = Type.Object({
  id: Id,
  channel: MessageChannel,
  /** 'a***@example.com', '******1234'. */
  recipient: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  status: MessageStatus,
  attempts: Type.Integer(),
  /** When the next attempt is due (pending, failed), or a claim's lease ends (sending); else null. */
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  sentAt: Type.Union([Timestamp, Type.Null()]),
})
export type QueueMessage = Static<typeof QueueMessage>

/** GET /v1/queue?status=&channel=&before=&limit=: newest first, keyset-paged by id. */
export const QueueQuery = Type.Object(
  {
    status: Type.Optional(MessageStatus),
    channel: Type.Optional(MessageChannel),
    /** The cursor the previous page answered. */
    before: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
)
export type QueueQuery = Static<typeof QueueQuery>

export const QueueResults = Type.Object({
  messages: Type.Array(QueueMessage),
  /** Where the next (older) page starts; null when there is none. */
  cursor: Type.Union([Id, Type.Null()]),
})
export type QueueResults = Static<typeof QueueResults>

/** A permanently locked account waiting for staff (unlock: POST /v1/user/:id/unlock). */
export const LockedAccount = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  lockedAt: Timestamp,
})
export type LockedAccount = Static<typeof LockedAccount>

/** GET /v1/queue/attention: what needs staff — locked accounts and messages that gave up. */
export const AttentionResults = Type.Object({
  locked: Type.Array(LockedAccount),
  givenUp: Type.Array(QueueMessage),
})
export type AttentionResults = Static<typeof AttentionResults>

export const QueueActions = ['retry', 'cancel'] as const
export type QueueAction = (typeof QueueActions)[number]

/** POST /v1/queue/:id/retry | cancel. */
export const QueueActionParams = Type.Object({
  id: Id,
  action: LiteralUnion(QueueActions),
})

export const QueueActionResults = Type.Object({ message: QueueMessage })
export type QueueActionResults = Static<typeof QueueActionResults>
