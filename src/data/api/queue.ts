import {
  AttentionResults,
  type MessageChannel,
  type MessageStatus,
  type QueueAction,
  QueueActionResults,
  QueueResults,
} from '../../../schema/queue'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

export type QueueFilter = { status: MessageStatus | 'all'; channel: MessageChannel | 'all' }

/** One page of the Queue, newest first (GET /v1/queue); `before` is the previous page's cursor. */
export async function readQueue(
  filter: QueueFilter,
  before: string | null,
  { signal }: Options = {},
): Promise<QueueResults> {
  const searchParams = new URLSearchParams()
  if (filter.status !== 'all') searchParams.set('status', filter.status)
  if (filter.channel !== 'all') searchParams.set('channel', filter.channel)
  if (before) searchParams.set('before', before)
  return callFor(QueueResults, () => http.get('queue', { searchParams, signal }))
}

/** What needs staff: locked accounts and messages that gave up (GET /v1/queue/attention). */
export async function readAttention({ signal }: Options = {}): Promise<AttentionResults> {
  return callFor(AttentionResults, () => http.get('queue/attention', { signal }))
}

/** Retry now or cancel one message (queue.write); answers the message as it now is. */
export async function queueAction(id: string, action: QueueAction, { signal }: Options = {}) {
  const results = await callFor(QueueActionResults, () =>
    http.post(`queue/${encodeURIComponent(id)}/${action}`, { signal }),
  )
  return results.message
}
