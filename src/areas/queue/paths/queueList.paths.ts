import type { AttentionResults, QueueMessage } from '../../../../schema/queue'
import {
  queueListMachine,
  type QueueEvent,
  type QueueListSnapshot,
  type QueueRead,
} from '../machines/queueList.machine'
import { confirmWords, type QueueRequest } from '../machines/queueList.messages'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'

export const aMessage = (id: string, changes: Partial<QueueMessage> = {}): QueueMessage => ({
  id,
  channel: 'sms',
  recipient: '******4567',
  subject: null,
  status: 'failed',
  attempts: 1,
  nextAttemptAt: '2026-02-01T09:00:30.000Z',
  lastError: 'SMS gateway answered 503 Service Unavailable',
  createdAt: '2026-02-01T09:00:00.000Z',
  sentAt: null,
  ...changes,
})

/** A security code the gateway refused (retry, cancel), and a sent reset mail (no actions). */
export const failedCode = aMessage('0190a000-0000-7000-8000-00000000f002')
export const sentMail = aMessage('0190a000-0000-7000-8000-00000000f001', {
  channel: 'email',
  recipient: 'b***@example.com',
  subject: 'Reset your password',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: '2026-02-01T08:00:01.000Z',
  createdAt: '2026-02-01T08:00:00.000Z',
})
export const olderMail = aMessage('0190a000-0000-7000-8000-00000000f000', {
  channel: 'email',
  recipient: 'c***@example.com',
  subject: 'Welcome to Gatehouse',
  status: 'sent',
  nextAttemptAt: null,
  lastError: null,
  sentAt: '2026-01-31T08:00:01.000Z',
  createdAt: '2026-01-31T08:00:00.000Z',
})
/** A welcome mail that gave up (Needs staff). */
export const givenUpMail = aMessage('0190a000-0000-7000-8000-00000000e001', {
  channel: 'email',
  recipient: 'd***@example.com',
  subject: 'Your invitation',
  status: 'given_up',
  attempts: 10,
  nextAttemptAt: null,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  createdAt: '2026-01-30T08:00:00.000Z',
})

export const attention: AttentionResults = {
  locked: [
    {
      id: '0190a000-0000-7000-8000-0000000000b0',
      name: 'Bob Stone',
      email: 'bob@example.com',
      lockedAt: '2026-02-01T07:00:00.000Z',
    },
    {
      id: '0190a000-0000-7000-8000-0000000000b1',
      name: 'Ann Lee',
      email: 'ann@example.com',
      lockedAt: '2026-02-01T07:30:00.000Z',
    },
  ],
  givenUp: [givenUpMail],
}

/** The first read (a cursor to older messages) and the older page (the last). */
export const firstRead: QueueRead = {
  page: { messages: [failedCode, sentMail], cursor: sentMail.id },
  attention,
}
export const olderPage = { messages: [olderMail], cursor: null }

export const retryCode: QueueRequest = { action: 'retry', message: failedCode }
export const cancelCode: QueueRequest = { action: 'cancel', message: failedCode }
export const unlockBob: QueueRequest = { action: 'unlock', account: attention.locked[0]! }
/** Both locked accounts checked ('Select all locked accounts'), then 'Unlock 2 accounts'. */
export const selectAll = {
  type: 'queue.select',
  ids: attention.locked.map((a) => a.id),
  selected: true,
}
export const unlockBoth: QueueRequest = { action: 'unlockSelected', accounts: attention.locked }

const events = [
  { type: 'queue.filter', filter: { status: 'failed' } },
  { type: 'queue.reload' },
  { type: 'queue.loadMore' },
  { type: 'queue.changed' },
  { type: 'queue.request', request: retryCode },
  { type: 'queue.request', request: cancelCode },
  { type: 'queue.request', request: unlockBob },
  selectAll,
  { type: 'queue.request', request: unlockBoth },
  { type: 'queue.confirm' },
  { type: 'queue.dismiss' },
  { type: 'xstate.done.actor.loadQueue', output: firstRead },
  { type: 'xstate.error.actor.loadQueue', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'xstate.done.actor.refresh', output: firstRead },
  { type: 'xstate.error.actor.refresh', error: refusal(503, 'The server is busy.') },
  { type: 'xstate.done.actor.loadMore', output: olderPage },
  { type: 'xstate.error.actor.loadMore', error: refusal(503, 'The server is busy.') },
  { type: 'xstate.done.actor.act', output: undefined },
  {
    type: 'xstate.error.actor.act',
    error: refusal(
      409,
      'This message cannot be retried now: it was sent, cancelled, or is being sent.',
    ),
  },
] as unknown as QueueEvent[]

function shows(s: QueueListSnapshot): string {
  const n = s.context.messages.length
  const parts = [
    s.matches('loading') ? "'Loading the queue…'" : `${n} message${n === 1 ? '' : 's'}`,
  ]
  if (s.context.filter.status !== 'all') parts.push('filtered to failed messages')
  if (!s.matches('loading') && s.context.attention.locked.length > 0)
    parts.push('Needs staff lists Bob Stone, Ann Lee and a mail that gave up')
  if (s.context.selected.length > 0)
    parts.push(
      `${s.context.selected.length} checked, 'Unlock ${s.context.selected.length} accounts'`,
    )
  if (s.context.error) parts.push(`the message reads “${s.context.error}”`)
  if (s.matches('failed')) parts.push('Retry')
  if (s.context.cursor !== null && n > 0)
    parts.push(s.can({ type: 'queue.loadMore' }) ? "'Load older'" : "'Load older' waits")
  if (s.hasTag('refreshing')) parts.push('Updating')
  const request = s.context.request
  if (request && request.action !== 'retry' && (s.matches('confirming') || s.matches('acting')))
    parts.push(`the dialog '${confirmWords(request).title}'${s.matches('acting') ? ' waits' : ''}`)
  else if (s.matches('acting')) parts.push('the buttons wait')
  return parts.join('; ')
}

/** States whose ways in are told apart, so that the shortest paths take each of them. */
const VIA = ['loading', 'refreshing']

/**
 * What tells states apart: the filter is left out (the test reads it from the screen); for the
 * states above, the step and the state it came from; and a step that stays in its state.
 */
const serializeState = (s: QueueListSnapshot, event?: QueueEvent, previous?: QueueListSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.messages.length,
    s.context.error !== null,
    s.context.request?.action ?? null,
    s.context.missed,
    s.context.selected.length,
  ]) +
  (event && previous && VIA.includes(String(s.value))
    ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
    : '') +
  // A step that stays in its state (another change heard, a filter while reading) counts apart.
  (event && previous?.value === s.value ? ` after ${event.type}` : '')

/**
 * Only steps the machine takes, and of those enough to take every transition once or twice: the
 * filter is chosen once; actions start from the first read as it came (two messages, no error);
 * 'Load older' and reads that fail start with no action asked for.
 */
function filterEvents(s: QueueListSnapshot, event: QueueEvent): boolean {
  if (!s.can(event)) return false
  const { messages, error, request, filter } = s.context
  const plain = messages.length <= 2 && error === null
  // With accounts checked, only 'Unlock N accounts' and what follows it (the rest is as before).
  if (s.context.selected.length > 0 && ['queue.filter', 'queue.loadMore'].includes(event.type))
    return false
  switch (event.type as string) {
    case 'queue.filter':
      return filter.status === 'all' && request === null
    case 'queue.select':
      // Checked once, from the first read as it came, before anything else is asked.
      return plain && request === null && s.context.selected.length === 0 && s.matches('ready')
    case 'queue.request':
      // 'Unlock N accounts' is offered once accounts are checked.
      return (
        plain &&
        ((event as { request: QueueRequest }).request.action === 'unlockSelected') ===
          s.context.selected.length > 0
      )
    case 'queue.loadMore':
    case 'xstate.error.actor.refresh':
    case 'xstate.error.actor.loadMore':
      return request === null
    default:
      return true
  }
}

export const queueListPaths = definePaths({
  name: 'Queue',
  machine: queueListMachine,
  events,
  input: {},
  serializeState,
  filterEvents,
  shows,
  // Which of the buttons a description names was pressed, as its row or Needs staff labels it.
  detail: (event) => {
    if (event.type !== 'queue.request') return undefined
    const { request } = event as { request: QueueRequest }
    if (request.action === 'retry') return undefined
    if (request.action === 'unlockSelected') return `“${confirmWords(request).action}”`
    return request.action === 'cancel' ? '“Cancel”' : '“Unlock”'
  },
})

export const models = [queueListPaths]
