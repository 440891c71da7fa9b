import {
  userTimelineMachine,
  type TimelineEvent,
  type UserTimelineSnapshot,
} from '../machines/userTimeline.machine'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { aUser, anEvent } from './userDetail.fixtures'

export const timelineUser = aUser()
const admin = { id: 'a1', nameFirst: 'Ada', nameLast: 'Lovelace', email: 'admin@example.com' }

/** The newest page (with a cursor to older events), and the older page (the last). */
export const newestPage = {
  events: [
    anEvent('e3', { action: 'account.unlocked', actor: admin, at: '2026-02-01T10:00:00.000Z' }),
    anEvent('e2', {
      outcome: 'failure',
      detail: { failedAttempts: 1 },
      at: '2026-02-01T09:30:00.000Z',
    }),
  ],
  cursor: 'e2',
}
export const olderPage = { events: [anEvent('e1')], cursor: null }

const events = [
  { type: 'timeline.loadMore' },
  { type: 'timeline.retry' },
  { type: 'xstate.done.actor.loadPage', output: newestPage },
  { type: 'xstate.error.actor.loadPage', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'xstate.done.actor.loadMore', output: olderPage },
  { type: 'xstate.error.actor.loadMore', error: refusal(503, 'The server is busy.') },
] as unknown as TimelineEvent[]

function shows(s: UserTimelineSnapshot): string {
  const n = s.context.events.length
  const parts = [
    s.hasTag('busy') && n === 0 ? "'Loading timeline…'" : `${n} event${n === 1 ? '' : 's'}`,
  ]
  if (s.hasTag('error')) parts.push(`the message reads “${s.context.error}”`)
  if (s.can({ type: 'timeline.retry' })) parts.push('Retry')
  if (s.context.cursor !== null && n > 0)
    parts.push(s.hasTag('busy') ? "'Load older' waits" : "'Load older'")
  return parts.join('; ')
}

export const userTimelinePaths = definePaths({
  name: "A user's timeline",
  machine: userTimelineMachine,
  events,
  input: { userId: timelineUser.id },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.events.length, s.context.cursor, s.context.error !== null]),
  shows,
})

export const models = [userTimelinePaths]
