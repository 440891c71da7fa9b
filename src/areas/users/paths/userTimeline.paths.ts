import {
  userTimelineMachine,
  type TimelineEvent,
  type UserTimelineSnapshot,
} from '../machines/userTimeline.machine'
import { definePaths } from '../../../flows/model'
import { pageAnswers, pagedShows } from '../../../kit/paths/pagedTimeline'
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
  ...pageAnswers(newestPage, olderPage),
] as unknown as TimelineEvent[]

const shows = (s: UserTimelineSnapshot) =>
  pagedShows(s, "'Loading timeline…'", { type: 'timeline.retry' }).join('; ')

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
