import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Role } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import { changeRole, createRole } from '../../../data/api/roles'
import { finalState } from '../../../kit/machines/finalState'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import {
  changesOf,
  createdNotice,
  emptyRole,
  fieldOfMessage,
  fieldsOf,
  isSendable,
  ordered,
  savedNotice,
  type RoleFields,
  type RoleTextField,
} from './roles.messages'

type RoleEditorContext = {
  /** The custom role edited; null for New role. */
  role: Role | null
  fields: RoleFields
  /** The server's refusal of the last save, and the field it is about (null: the whole form). */
  error: string | null
  errorField: RoleTextField | null
  /** The role as the server stored it: the chart's output. */
  saved: Role | null
}

export type RoleEditorEvent =
  | { type: 'roleEditor.edit'; field: RoleTextField; value: string }
  | { type: 'roleEditor.toggle'; permission: Permission; on: boolean }
  | { type: 'roleEditor.save' }
  | { type: 'roleEditor.cancel' }

export type RoleEditorInput = { role: Role | null }

export type SaveRoleInput = { role: Role | null; fields: RoleFields }

/** New role posts the trimmed form; Edit role sends only what changed. */
export const saveRole = ({ role, fields }: SaveRoleInput, signal: AbortSignal): Promise<Role> =>
  role === null
    ? createRole(
        {
          name: fields.name.trim(),
          description: fields.description.trim(),
          permissions: ordered(fields.permissions),
        },
        { signal },
      )
    : changeRole(role.id, changesOf(fieldsOf(role), fields), { signal })

/** The form after an edit: a text field typed, or a permission ticked or cleared. */
function edited(fields: RoleFields, event: RoleEditorEvent): RoleFields {
  if (event.type === 'roleEditor.edit') return { ...fields, [event.field]: event.value }
  if (event.type !== 'roleEditor.toggle') return fields
  const rest = fields.permissions.filter((p) => p !== event.permission)
  return { ...fields, permissions: ordered(event.on ? [...rest, event.permission] : rest) }
}

/**
 * New role and Edit role (issue 31): a name, a description and the permissions, ticked by area.
 * Save is on once there is a name and, for a role that exists, something changed. The server
 * refuses a taken name and permissions the person does not hold: the input stays and the
 * server's message shows, beside the name when it is about the name. A saved role is the chart's
 * output, which the Roles screen shows at once.
 */
export const roleEditorMachine = setup({
  types: {
    context: {} as RoleEditorContext,
    events: {} as RoleEditorEvent,
    input: {} as RoleEditorInput,
    output: {} as Role | null,
  },
  actors: {
    saveRole: fromPromise<Role, SaveRoleInput>(({ input, signal }) => saveRole(input, signal)),
  },
  guards: {
    canSave: ({ context }) =>
      isSendable(context.fields) &&
      (context.role === null ||
        Object.keys(changesOf(fieldsOf(context.role), context.fields)).length > 0),
  },
  actions: {
    keepInput: assign({ fields: ({ context, event }) => edited(context.fields, event) }),
    clearRefusal: assign({ error: null, errorField: null }),
    notifySaved: notify(({ context }: { context: RoleEditorContext }) =>
      context.saved ? (context.role ? savedNotice : createdNotice)(context.saved) : null,
    ),
  },
}).createMachine({
  id: 'roleEditor',
  description: 'Creates a custom role, or renames, describes and changes one.',
  context: ({ input }) => ({
    role: input.role,
    fields: input.role ? fieldsOf(input.role) : emptyRole(),
    error: null,
    errorField: null,
    saved: null,
  }),
  output: ({ context }) => context.saved,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: Name, Description, the permissions by area, Cancel and Save.',
      tags: ['open'],
      on: {
        'roleEditor.edit': {
          description: 'The person typed in the name or the description.',
          actions: 'keepInput',
        },
        'roleEditor.toggle': {
          description: 'The person ticked or cleared a permission.',
          actions: 'keepInput',
        },
        'roleEditor.save': {
          guard: 'canSave',
          target: 'saving',
          description:
            'Save was pressed with a name and, for a role that exists, something changed.',
        },
        'roleEditor.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    saving: {
      description: 'The server stores the role; the form waits.',
      tags: ['open', 'busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }) => ({ role: context.role, fields: context.fields }),
        onDone: {
          target: 'saved',
          description: "Stored; a notice says '{name} was created' or '{name} was saved'.",
          actions: [assign({ saved: ({ event }) => event.output }), 'notifySaved'],
        },
        onError: {
          target: 'failed',
          description: "Refused: the server's message shows (a taken name, permissions not held).",
          actions: assign(({ event }) => {
            const message = serverMessage(event.error)
            return { error: message, errorField: fieldOfMessage(message) }
          }),
        },
      },
    },
    failed: {
      description:
        "The input stays and the server's message shows beside its field or under the form.",
      tags: ['open', 'error'],
      on: {
        'roleEditor.edit': {
          target: 'editing',
          description: 'The person typed: the refusal no longer applies.',
          actions: ['keepInput', 'clearRefusal'],
        },
        'roleEditor.toggle': {
          target: 'editing',
          description: 'The person ticked or cleared a permission: the refusal no longer applies.',
          actions: ['keepInput', 'clearRefusal'],
        },
        'roleEditor.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save was pressed again.',
        },
        'roleEditor.cancel': {
          target: 'closed',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
    saved: finalState('Saved: the dialog closes and the Roles screen shows the role as stored.'),
    closed: finalState('Closed without saving.'),
  },
})

export type RoleEditorActor = ActorRefFrom<typeof roleEditorMachine>
export type RoleEditorSnapshot = SnapshotFrom<typeof roleEditorMachine>
