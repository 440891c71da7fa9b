import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { pageAnswers } from '../../../kit/paths/pagedTimeline'
import {
  groupMembersMachine,
  type GroupMembersEvent,
  type GroupMembersSnapshot,
} from '../machines/groupMembers.machine'
import { firstMembers, grace, membersChanged, moreMembers, nightShift } from './groups.fixtures'

export const withoutGrace = { ...nightShift, members: 2 }
export const withMore = { ...nightShift, members: 4 }

const events = [
  { type: 'members.retry' },
  { type: 'members.loadMore' },
  { type: 'members.remove', member: grace },
  { type: 'members.changed', group: withMore },
  ...pageAnswers(firstMembers, moreMembers),
  { type: 'xstate.done.actor.removeMember', output: membersChanged(withoutGrace, [grace.id]) },
  {
    type: 'xstate.error.actor.removeMember',
    error: refusal(403, 'Grace Hopper is outside your groups.'),
  },
] as unknown as GroupMembersEvent[]

function shows(s: GroupMembersSnapshot): string {
  const names = s.context.events.map((m) => `${m.nameFirst} ${m.nameLast}`)
  const parts = [
    s.hasTag('busy') && names.length === 0
      ? "'Loading members…'"
      : names.join(', ') || "'No members yet'",
  ]
  if (s.hasTag('removing')) parts.push(`Remove of ${s.context.removing?.nameFirst ?? ''} spins`)
  if (s.hasTag('error')) parts.push(`the message reads “${s.context.error}”`)
  if (s.can({ type: 'members.retry' })) parts.push('Retry')
  if (s.context.cursor !== null && names.length > 0) parts.push("'Load more'")
  return parts.join('; ')
}

export const groupMembersPaths = definePaths({
  name: "Night shift's members (Grace Hopper, Ada Lovelace, then Alan Turing)",
  machine: groupMembersMachine,
  input: { groupId: nightShift.id },
  events,
  // 'Load more' shows only while there are more.
  filterEvents: (s, event) => s.can(event),
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.events.length > 0, s.context.cursor !== null]),
  ),
  shows,
})

export const models = [groupMembersPaths]
