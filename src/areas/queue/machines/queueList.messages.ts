import type { LockedAccount, QueueMessage } from '../../../../schema/queue'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** What staff asked of the Queue: retry or cancel a message, unlock a locked account. */
export type QueueRequest =
  | { action: 'retry' | 'cancel'; message: QueueMessage }
  | { action: 'unlock'; account: LockedAccount }

const channelWord = (message: QueueMessage) =>
  message.channel === 'sms' ? 'text message' : 'email'

/** The message in a few words: 'the email to a***@example.com'. */
export const messageWords = (message: QueueMessage) =>
  `the ${channelWord(message)} to ${message.recipient}`

/** The confirmation's title and text (cancel and unlock ask first; retry does not). */
export function confirmWords(request: QueueRequest) {
  if (request.action === 'unlock')
    return {
      title: `Unlock ${request.account.name}?`,
      text: `${request.account.email} can sign in again and gets a password reset email.`,
      action: 'Unlock',
    }
  return {
    title: 'Cancel this message?',
    text: `${messageWords(request.message)} will not be sent.`.replace(/^t/, 'T'),
    action: 'Cancel message',
  }
}

export function doneNotice(request: QueueRequest) {
  if (request.action === 'unlock') return succeeded(`${request.account.name} was unlocked.`)
  if (request.action === 'cancel') return succeeded(`Cancelled ${messageWords(request.message)}.`)
  return succeeded(`Retried ${messageWords(request.message)}.`)
}

export function failedNotice(request: QueueRequest, reason: string | null) {
  if (request.action === 'unlock') return failed(`${request.account.name} was not unlocked`, reason)
  const verb = request.action === 'cancel' ? 'cancelled' : 'retried'
  return failed(`The message was not ${verb}`, reason)
}
