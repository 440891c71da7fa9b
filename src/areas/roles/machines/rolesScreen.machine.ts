import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { BuiltInRoleKeys, type Role } from '../../../../schema/access'
import { deleteRole, listRoles } from '../../../data/api/roles'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { roleEditorMachine } from './roleEditor.machine'
import { deletedNotice, notDeletedNotice } from './roles.messages'

type RolesContext = {
  /** Built-in ones first, then the custom ones by name (inListOrder). */
  roles: Role[]
  /** Why the list could not be read. */
  readError: string | null
  /** The role a phone shows the permissions of (null: the first). */
  shown: string | null
  /** The role being edited (null in New role) or deleted. */
  target: Role | null
  /** Why the last delete failed, shown in its dialog. */
  error: string | null
}

export type RolesEvent =
  | { type: 'roles.reload' }
  | { type: 'roles.show'; roleId: string }
  | { type: 'roles.create' }
  | { type: 'roles.edit'; roleId: string }
  | { type: 'roles.delete'; roleId: string }
  | { type: 'roles.confirm' }
  | { type: 'roles.cancel' }

const customRole = (roles: readonly Role[], event: RolesEvent) =>
  'roleId' in event
    ? (roles.find((role) => role.id === event.roleId && role.builtIn === null) ?? null)
    : null

const builtInPlace = (role: Role) => {
  const at = (BuiltInRoleKeys as readonly (string | null)[]).indexOf(role.builtIn)
  return at < 0 ? BuiltInRoleKeys.length : at
}

/**
 * The roles as the screen lists them, whatever the server's order: the built-in ones first, in
 * the order of schema/access.ts (Administrator first), then the custom ones by name.
 */
export const inListOrder = (roles: readonly Role[]): Role[] =>
  roles.toSorted(
    (a, b) =>
      builtInPlace(a) - builtInPlace(b) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  )

/** A role as the server stored it, in the list: in its place, or added. */
const withRole = (roles: readonly Role[], saved: Role) =>
  inListOrder([...roles.filter((role) => role.id !== saved.id), saved])

const deleteDialog = confirmDialog({
  confirm: 'roles.confirm',
  cancel: 'roles.cancel',
  acting: 'deleting',
  back: 'ready',
  tags: ['deleteDialog'],
  says: {
    asking: "'Delete {name}?', with how many users hold it, Cancel and Delete.",
    confirmed: 'Delete was pressed in the dialog.',
    cancelled: 'Cancel was pressed (or Escape, or a click outside).',
    failed: "The delete failed; the dialog shows the server's message and offers it again.",
    again: 'Delete was pressed again.',
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

/**
 * The Roles screen (issue 31): the roles with how many users hold each, and the role × permission
 * matrix (one role at a time on a phone). With roles.write, New role and Edit open the role editor
 * (its own chart, roleEditor); Delete asks first, saying how many users lose the role. Built-in
 * roles are neither edited nor deleted.
 */
export const rolesScreenMachine = setup({
  types: {
    context: {} as RolesContext,
    events: {} as RolesEvent,
  },
  actors: {
    loadRoles: fromPromise<Role[]>(({ signal }) => listRoles({ signal })),
    deleteRole: fromPromise<Role, { roleId: string }>(({ input, signal }) =>
      deleteRole(input.roleId, { signal }),
    ),
    roleEditor: roleEditorMachine,
  },
  guards: {
    isCustom: ({ context, event }) => customRole(context.roles, event) !== null,
    hasSaved: (_, saved: Role | null) => saved !== null,
  },
  actions: {
    setTarget: assign({
      target: ({ context, event }) => customRole(context.roles, event),
      error: null,
    }),
    notifyDeleted: notify(({ context }: { context: RolesContext }) =>
      deletedNotice(context.target?.name ?? ''),
    ),
    notifyNotDeleted: notify(({ context }: { context: RolesContext }) =>
      notDeletedNotice(context.target?.name ?? '', context.error),
    ),
  },
}).createMachine({
  id: 'rolesScreen',
  description: 'The Roles screen: the roles, the permission matrix, and their changes.',
  context: { roles: [], readError: null, shown: null, target: null, error: null },
  on: {
    'roles.show': {
      description: 'A role was picked: a phone shows its permissions.',
      actions: assign({ shown: ({ event }) => event.roleId }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The roles are read; 'Loading the roles…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        onDone: {
          target: 'ready',
          description: 'The roles came: the list and the matrix show.',
          actions: assign({ roles: ({ event }) => inListOrder(event.output), readError: null }),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: assign({ readError: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
    failed: {
      description: "'The roles could not be loaded' with the reason and Retry.",
      on: { 'roles.reload': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description:
        'The roles and the matrix; with roles.write, New role, and Edit and Delete on custom roles.',
      on: {
        'roles.create': {
          target: 'editing',
          description: "'New role' was pressed.",
          actions: assign({ target: null }),
        },
        'roles.edit': {
          guard: 'isCustom',
          target: 'editing',
          description: "A custom role's Edit was pressed (built-in roles have none).",
          actions: 'setTarget',
        },
        'roles.delete': {
          guard: 'isCustom',
          target: 'confirmingDelete',
          description: "A custom role's Delete was pressed (built-in roles have none).",
          actions: 'setTarget',
        },
      },
    },
    editing: {
      description: "The 'New role' or 'Edit role' dialog is open.",
      invoke: {
        id: 'roleEditor',
        src: 'roleEditor',
        input: ({ context }) => ({ role: context.target }),
        onDone: [
          {
            guard: { type: 'hasSaved', params: ({ event }) => event.output },
            target: 'ready',
            description:
              'The role was saved: the list and the matrix show it as stored (a phone shows it).',
            actions: assign({
              roles: ({ context, event }) => withRole(context.roles, event.output!),
              shown: ({ event }) => event.output!.id,
            }),
          },
          {
            target: 'ready',
            description: 'The dialog was closed without saving.',
          },
        ],
      },
    },
    confirmingDelete: deleteDialog.confirming,
    deleting: {
      description: 'The server deletes the role; the dialog waits with its buttons off.',
      tags: ['open', 'deleteDialog', 'busy'],
      invoke: {
        id: 'deleteRole',
        src: 'deleteRole',
        input: ({ context }) => ({ roleId: context.target?.id ?? '' }),
        onDone: {
          target: 'ready',
          description: "Deleted: the role leaves the list; a notice says '{name} was deleted'.",
          actions: [
            assign({
              roles: ({ context }) => context.roles.filter((r) => r.id !== context.target?.id),
            }),
            'notifyDeleted',
          ],
        },
        onError: {
          target: 'deleteFailed',
          description: "Refused: a notice and the dialog say '{name} was not deleted', and why.",
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error) }),
            'notifyNotDeleted',
          ],
        },
      },
    },
    deleteFailed: deleteDialog.failed,
  },
})

export type RolesScreenActor = ActorRefFrom<typeof rolesScreenMachine>
export type RolesScreenSnapshot = SnapshotFrom<typeof rolesScreenMachine>
