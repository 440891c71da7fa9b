import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { isScopable } from './accessAssignments.messages'
import { assignmentsOf, assignmentsSetup, groupsOf } from './accessAssignments.setup'

export {
  canScope,
  grantableRoles,
  type AccessRead,
  type AssignmentsEvent,
  type AssignmentsInput,
  type AssignmentsUser,
} from './accessAssignments.setup'

/**
 * The user detail's roles and groups (issue 31): the user's access is read from the server (what
 * they hold and why), with the roles and groups there are. 'Add role' gives a role the signed-in
 * person could hold all of, everywhere or for one group's members; 'Remove' takes an assignment
 * away; 'Add to group' and 'Remove' change the user's groups. Each change sends the whole list
 * (PUT /v1/user/:id/roles or /groups); the server may refuse it (the grant ceiling, the last
 * administrator) and its words show. After a save the access is read again, so the effective
 * permissions and their sources follow.
 */
export const accessAssignmentsMachine = assignmentsSetup.createMachine({
  id: 'accessAssignments',
  description: "A user's roles and groups, and where each permission they hold comes from.",
  context: ({ input }) => ({
    user: input.user,
    userId: input.user.id,
    name: `${input.user.nameFirst} ${input.user.nameLast}`,
    held: [...input.held],
    read: null,
    role: null,
    scope: null,
    group: null,
    nextRoles: [],
    nextGroups: [],
    direct: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "The user's access, the roles and the groups are read; 'Loading access…' shows the first time, the lists stay after a save.",
      tags: ['busy'],
      invoke: {
        id: 'loadAccess',
        src: 'loadAccess',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          description:
            'The server answered: the roles, groups, direct permissions and effective permissions show.',
          actions: assign({
            read: ({ event }) => event.output,
            error: null,
            // Once: a later read (after a save) leaves the form, and what is typed there, as it is.
            direct: ({ context, event, spawn, self }) =>
              context.direct ??
              spawn('userAccess', {
                id: 'direct',
                input: {
                  user: { ...context.user, permissions: event.output.access.direct },
                  owner: self,
                },
              }),
          }),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
    },
    failed: {
      description: "'The access could not be read' with the reason and Retry.",
      tags: ['error'],
      on: { 'access.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: "The user's roles and groups, each with Remove; 'Add role' and 'Add to group'.",
      initial: 'quiet',
      on: {
        'access.changed': {
          target: 'loading',
          description:
            'The type and direct permissions were saved: the effective permissions are read again.',
        },
        'roles.picked': {
          target: '.quiet',
          description:
            "A role was chosen for 'Add role'; a role that acts on no users holds everywhere.",
          actions: assign({
            role: ({ event }) => event.roleId,
            scope: ({ context, event }) => {
              const role = context.read?.roles.find((r) => r.id === event.roleId)
              return role && isScopable(role) ? context.scope : null
            },
          }),
        },
        'roles.scoped': {
          target: '.quiet',
          description: "A group (or 'Everywhere') was chosen as the new role's scope.",
          actions: assign({ scope: ({ event }) => event.groupId }),
        },
        'roles.add': {
          guard: 'canAddRole',
          target: 'savingRoles',
          description:
            "'Add role' was pressed with a role the person may grant, not already held in that scope.",
          actions: assign({
            nextRoles: ({ context }) => [
              ...assignmentsOf(context.read),
              { roleId: context.role ?? '', groupId: context.scope },
            ],
          }),
        },
        'roles.remove': {
          target: 'savingRoles',
          description: "A role assignment's Remove was pressed.",
          actions: assign({
            nextRoles: ({ context, event }) =>
              assignmentsOf(context.read).filter(
                (a) => !(a.roleId === event.roleId && a.groupId === event.groupId),
              ),
          }),
        },
        'groups.picked': {
          target: '.quiet',
          description: "A group was chosen for 'Add to group'.",
          actions: assign({ group: ({ event }) => event.groupId }),
        },
        'groups.add': {
          guard: 'canAddGroup',
          target: 'savingGroups',
          description: "'Add to group' was pressed with a group the user is not in.",
          actions: assign({
            nextGroups: ({ context }) => [...groupsOf(context.read), context.group ?? ''],
          }),
        },
        'groups.remove': {
          target: 'savingGroups',
          description: "A group's Remove was pressed.",
          actions: assign({
            nextGroups: ({ context, event }) =>
              groupsOf(context.read).filter((id) => id !== event.groupId),
          }),
        },
      },
      states: {
        quiet: { description: 'Nothing to report.' },
        refused: {
          description: "The last change was refused: the server's words show under the lists.",
          tags: ['error', 'refused'],
        },
      },
    },
    savingRoles: {
      description: "The server saves the user's role assignments; the buttons wait.",
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveRoles',
        src: 'saveRoles',
        input: ({ context }) => ({ userId: context.userId, assignments: context.nextRoles }),
        onDone: {
          target: 'loading',
          description:
            "Saved: a notice says 'The roles of {name} were saved', and the access is read again.",
          actions: [assign({ role: null, scope: null, error: null }), 'notifyRolesSaved'],
        },
        onError: {
          target: 'ready.refused',
          description:
            'The server refused it (the grant ceiling, the last administrator) or could not be reached: its words show.',
          actions: ['recordError', 'notifyRolesNotSaved'],
        },
      },
    },
    savingGroups: {
      description: "The server saves the user's groups; the buttons wait.",
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveGroups',
        src: 'saveGroups',
        input: ({ context }) => ({ userId: context.userId, groups: context.nextGroups }),
        onDone: {
          target: 'loading',
          description:
            "Saved: a notice says 'The groups of {name} were saved', and the access is read again.",
          actions: [assign({ group: null, error: null }), 'notifyGroupsSaved'],
        },
        onError: {
          target: 'ready.refused',
          description: 'The server refused it or could not be reached: its words show.',
          actions: ['recordError', 'notifyGroupsNotSaved'],
        },
      },
    },
  },
})

export type AccessAssignmentsActor = ActorRefFrom<typeof accessAssignmentsMachine>
export type AccessAssignmentsSnapshot = SnapshotFrom<typeof accessAssignmentsMachine>
