import type { LockedAccount, QueueMessage } from '../../../../schema/queue'
import type { BulkResults } from '../../../../schema/users'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/**
 * What staff asked of the Queue: retry or cancel a message, unlock a locked account, or unlock
 * the accounts checked in Needs staff.
 */
export type QueueRequest =
  | { action: 'retry' | 'cancel'; message: QueueMessage }
  | { action: 'unlock'; account: LockedAccount }
  | { action: 'unlockSelected'; accounts: LockedAccount[] }

const count = (n: number) => n.toLocaleString('en-US')

/** '1 account', '2 accounts'. */
export const accountsWord = (n: number) => `${count(n)} account${n === 1 ? '' : 's'}`

const channelWord = (message: QueueMessage) =>
  message.channel === 'sms' ? 'text message' : 'email'

/** The message in a few words: 'the email to a***@example.com'. */
export const messageWords = (message: QueueMessage) =>
  `the ${channelWord(message)} to ${message.recipient}`

/** The confirmation's title and text (cancel and unlock ask first; retry does not). */
export function confirmWords(request: QueueRequest) {
  if (request.action === 'unlockSelected')
    return {
      title: `Unlock ${accountsWord(request.accounts.length)}?`,
      text:
        request.accounts.length === 1
          ? `${request.accounts[0]!.email} can sign in again and gets a password reset email.`
          : 'Each can sign in again and gets a password reset email.',
      action: `Unlock ${accountsWord(request.accounts.length)}`,
    }
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

/** What a bulk unlock did, from the server's answer (null: every account was unlocked). */
function unlockedNotice(accounts: readonly LockedAccount[], results: BulkResults | null) {
  const done = results ? results.done.length : accounts.length
  const refused = results?.refused ?? []
  if (refused.length === 0)
    return succeeded(`${accountsWord(done)} ${done === 1 ? 'was' : 'were'} unlocked.`)
  const reasons = [...new Set(refused.map((r) => r.reason))].join('; ')
  if (done === 0) return failed('No account was unlocked', reasons)
  return succeeded(
    `${accountsWord(done)} ${done === 1 ? 'was' : 'were'} unlocked; ${count(refused.length)} not (${reasons}).`,
  )
}

export function doneNotice(request: QueueRequest, results: BulkResults | null = null) {
  if (request.action === 'unlockSelected') return unlockedNotice(request.accounts, results)
  if (request.action === 'unlock') return succeeded(`${request.account.name} was unlocked.`)
  if (request.action === 'cancel') return succeeded(`Cancelled ${messageWords(request.message)}.`)
  return succeeded(`Retried ${messageWords(request.message)}.`)
}

export function failedNotice(request: QueueRequest, reason: string | null) {
  if (request.action === 'unlockSelected')
    return failed(
      `${accountsWord(request.accounts.length)} ${request.accounts.length === 1 ? 'was' : 'were'} not unlocked`,
      reason,
    )
  if (request.action === 'unlock') return failed(`${request.account.name} was not unlocked`, reason)
  const verb = request.action === 'cancel' ? 'cancelled' : 'retried'
  return failed(`The message was not ${verb}`, reason)
}
