/**
 * The Access section's roles and groups chart: its context, events and input, the helpers the
 * view reads, and the one `setup` (actors, guards, actions) the chart builds on
 * (accessAssignments.machine.ts).
 */
import { assign, fromPromise, setup } from 'xstate'
import type { Group, Role, RoleAssignment, UserAccess } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import type { User } from '../../../../schema/user'
import {
  getUserAccess,
  listGroups,
  listRoles,
  setUserGroups,
  setUserRoles,
} from '../../../data/api/access'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { userAccessMachine, type AccessChanged, type UserAccessActor } from './userAccess.machine'
import {
  groupsNotSavedNotice,
  groupsSavedNotice,
  isGrantable,
  isScopable,
  rolesNotSavedNotice,
  rolesSavedNotice,
} from './accessAssignments.messages'

/** What the section reads: the user's access, and the roles and groups there are to pick from. */
export type AccessRead = { access: UserAccess; roles: Role[]; groups: Group[] }

export type AssignmentsUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'type'>

export type AssignmentsContext = {
  user: AssignmentsUser
  userId: string
  /** 'Ada Lovelace', for the notices. */
  name: string
  /** The signed-in person's permissions: the roles they may grant hold none beyond these. */
  held: Permission[]
  /** As last read; null until the first read answers. */
  read: AccessRead | null
  /** The role and its scope chosen for 'Add role' (scope null: everywhere). */
  role: string | null
  scope: string | null
  /** The group chosen for 'Add to group'. */
  group: string | null
  /** What the save under way sends: all of the assignments, or all of the groups. */
  nextRoles: RoleAssignment[]
  nextGroups: string[]
  /** The type and direct permissions form (userAccess), started with the first read's grants. */
  direct: UserAccessActor | null
  /** Why the last read or save failed, in words. */
  error: string | null
}

export type AssignmentsEvent =
  | { type: 'access.retry' }
  | AccessChanged
  | { type: 'roles.picked'; roleId: string }
  | { type: 'roles.scoped'; groupId: string | null }
  | { type: 'roles.add' }
  | { type: 'roles.remove'; roleId: string; groupId: string | null }
  | { type: 'groups.picked'; groupId: string }
  | { type: 'groups.add' }
  | { type: 'groups.remove'; groupId: string }

export type AssignmentsInput = { user: AssignmentsUser; held: readonly Permission[] }

export const assignmentsOf = (read: AccessRead | null): RoleAssignment[] =>
  (read?.access.assignments ?? []).map(({ roleId, groupId }) => ({ roleId, groupId }))
export const groupsOf = (read: AccessRead | null) => (read?.access.groups ?? []).map((g) => g.id)
const roleOf = (context: AssignmentsContext) =>
  context.read?.roles.find((r) => r.id === context.role)

/** The roles 'Add role' offers: those whose every permission the signed-in person holds. */
export const grantableRoles = (context: Pick<AssignmentsContext, 'read' | 'held'>) =>
  (context.read?.roles ?? []).filter((role) => isGrantable(role, context.held))

/** Whether the chosen role may be narrowed to a group (the scope select is on). */
export const canScope = (context: AssignmentsContext) => {
  const role = roleOf(context)
  return role !== undefined && isScopable(role)
}

export const assignmentsSetup = setup({
  types: {
    context: {} as AssignmentsContext,
    events: {} as AssignmentsEvent,
    input: {} as AssignmentsInput,
  },
  actors: {
    userAccess: userAccessMachine,
    loadAccess: fromPromise<AccessRead, { userId: string }>(async ({ input, signal }) => {
      const [access, roles, groups] = await Promise.all([
        getUserAccess(input.userId, { signal }),
        listRoles({ signal }),
        listGroups({ signal }),
      ])
      return { access, roles, groups }
    }),
    saveRoles: fromPromise<User, { userId: string; assignments: RoleAssignment[] }>(
      ({ input, signal }) => setUserRoles(input.userId, input.assignments, { signal }),
    ),
    saveGroups: fromPromise<User, { userId: string; groups: string[] }>(({ input, signal }) =>
      setUserGroups(input.userId, input.groups, { signal }),
    ),
  },
  guards: {
    canAddRole: ({ context }) => {
      const role = roleOf(context)
      if (!role || !isGrantable(role, context.held)) return false
      return !assignmentsOf(context.read).some(
        (a) => a.roleId === role.id && a.groupId === context.scope,
      )
    },
    canAddGroup: ({ context }) =>
      context.group !== null && !groupsOf(context.read).includes(context.group),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    notifyRolesSaved: notify(({ context }: { context: AssignmentsContext }) =>
      rolesSavedNotice(context.name),
    ),
    notifyRolesNotSaved: notify(({ context }: { context: AssignmentsContext }) =>
      rolesNotSavedNotice(context.name, context.error),
    ),
    notifyGroupsSaved: notify(({ context }: { context: AssignmentsContext }) =>
      groupsSavedNotice(context.name),
    ),
    notifyGroupsNotSaved: notify(({ context }: { context: AssignmentsContext }) =>
      groupsNotSavedNotice(context.name, context.error),
    ),
  },
})
