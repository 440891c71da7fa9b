import type { Group } from '../../../../schema/access'
import type { AddMembersSnapshot } from './addMembers.machine'
import type { GroupMembersSnapshot } from './groupMembers.machine'
import type { GroupsPageSnapshot } from './groupsPage.machine'

/** The groups whose name or description holds the search text (case ignored). */
export function matchingGroups(groups: readonly Group[], text: string): readonly Group[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return groups
  return groups.filter(
    (group) =>
      group.name.toLowerCase().includes(needle) || group.description.toLowerCase().includes(needle),
  )
}

/** The Groups page: what its views read of the page machine. */
export const selectList = (s: GroupsPageSnapshot) => ({
  groups: matchingGroups(s.context.groups, s.context.text),
  total: s.context.groups.length,
  loading: s.hasTag('busy'),
  failed: s.hasTag('error'),
  error: s.context.error,
  selectedId: s.context.selectedId,
})
export const selectText = (s: GroupsPageSnapshot) => s.context.text
export const selectSelected = (s: GroupsPageSnapshot) =>
  s.context.groups.find((group) => group.id === s.context.selectedId) ?? null
export const selectMembersActor = (s: GroupsPageSnapshot) => s.context.members

export const selectMembersView = (s: GroupMembersSnapshot) => ({
  members: s.context.events,
  busy: s.hasTag('busy'),
  failed: s.can({ type: 'members.retry' }),
  error: s.hasTag('error') ? s.context.error : null,
  hasMore: s.context.cursor !== null,
  canRetry: s.can({ type: 'members.retry' }),
  canLoadMore: s.can({ type: 'members.loadMore' }),
  canRemove: s.can({
    type: 'members.remove',
    member: { id: '', nameFirst: '', nameLast: '', email: '' },
  }),
  removingId: s.hasTag('removing') ? (s.context.removing?.id ?? null) : null,
})
export const selectAdder = (s: GroupMembersSnapshot) => s.context.adder

/** The Add members dialog. */
export const selectPicker = (s: AddMembersSnapshot) => ({
  text: s.context.text,
  matches: s.context.matches,
  more: s.context.more,
  chosen: s.context.chosen,
  searching: s.hasTag('searching'),
  typed: s.context.text.trim() !== '',
  busy: s.hasTag('busy'),
  error: s.hasTag('error') ? s.context.error : null,
  canType: s.can({ type: 'addMembers.type', text: '' }),
  canAdd: s.can({ type: 'addMembers.add' }),
  canCancel: s.can({ type: 'addMembers.cancel' }),
})
