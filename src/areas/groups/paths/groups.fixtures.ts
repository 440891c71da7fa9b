import type { Group, GroupMember, MembersChangeResults } from '../../../../schema/access'

const at = '2026-02-01T09:00:00.000Z'

/** A group as GET /v1/groups lists it. */
export const aGroup = (id: string, name: string, members: number, description = ''): Group => ({
  id,
  name,
  description,
  members,
  createdAt: at,
  updatedAt: at,
})

/** The groups of the paths and tests: Night shift (2 members) and Pharmacy staff (none yet). */
export const nightShift = aGroup(
  '0192f0c4-3333-7000-a000-000000000001',
  'Night shift',
  2,
  'Staff on the 22:00–06:00 rota',
)
export const pharmacy = aGroup('0192f0c4-3333-7000-a000-000000000002', 'Pharmacy staff', 0)
export const groups = [nightShift, pharmacy]

/** Members as GET /v1/groups/:id/members pages them, by last name. */
export const aMember = (n: number, nameFirst: string, nameLast: string): GroupMember => ({
  id: `0192f0c4-1111-7000-a000-${String(n).padStart(12, '0')}`,
  nameFirst,
  nameLast,
  email: `${nameFirst.toLowerCase()}@example.com`,
})
export const grace = aMember(1, 'Grace', 'Hopper')
export const ada = aMember(0, 'Ada', 'Lovelace')
export const alan = aMember(2, 'Alan', 'Turing')

/** Night shift's members: a first page (with more after it) and the last page. */
export const firstMembers = { events: [grace, ada], cursor: ada.id }
export const moreMembers = { events: [alan], cursor: null }

/** What a change of members answers. */
export const membersChanged = (
  group: Group,
  changed: string[],
  refused: MembersChangeResults['refused'] = [],
): MembersChangeResults => ({ group, changed, refused })
