import type { MessageStatus, QueueMessage } from '../../../../schema/queue'

/** Each status in words, and its badge colour. */
export const STATUS_TEXT: Record<
  MessageStatus,
  { label: string; color: 'gray' | 'blue' | 'green' | 'orange' | 'red' }
> = {
  pending: { label: 'Pending', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed, will retry', color: 'orange' },
  given_up: { label: 'Given up', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
}

export const CHANNEL_TEXT = { email: 'Email', sms: 'SMS', webhook: 'Webhook' } as const

/** Retry now applies to a message waiting or given up; cancel too. */
export const mayRetry = (message: QueueMessage) =>
  message.status === 'pending' || message.status === 'failed' || message.status === 'given_up'
export const mayCancel = mayRetry
