import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Permission, UserType } from '../../../../schema/permissions'
import type { User } from '../../../../schema/user'
import type { InviteBody } from '../../../../schema/users'
import { inviteUser } from '../../../data/api/users'
import { hasErrors } from '../../../kit/machines/inlineEditor.machine'
import {
  emptyInvite,
  inviteBody,
  inviteErrors,
  inviteRefusal,
  sentNotice,
  type InviteFields,
  type InviteTextField,
} from './invite.messages'
import { notify } from '../../../kit/machines/system'

type InviteContext = {
  fields: InviteFields
  /** The refusal of the last attempt, and the field it is about (null: under the form). */
  error: string | null
  errorField: 'email' | 'phone' | null
  /** The user the last invitation made; the view opens it while the chart is tagged 'created'. */
  created: User | null
}

export type InviteEvent =
  | { type: 'invite.open' }
  | { type: 'invite.cancel' }
  | { type: 'invite.edit'; field: InviteTextField; value: string }
  | { type: 'invite.setType'; value: UserType }
  | { type: 'invite.togglePermission'; permission: Permission; on: boolean }
  | { type: 'invite.submit' }

type InviteCall = (body: InviteBody, options: { signal: AbortSignal }) => Promise<User>

/**
 * The chart's effect: POST /v1/users (the data layer keeps the answer in the cache). Tests swap
 * the call (`inviteMachine.provide({ actors: inviteActors(stub) })`).
 */
// The call is looked up when made, not when the chart is built.
export const inviteActors = (post: InviteCall = (...args) => inviteUser(...args)) => ({
  inviteUser: fromPromise<User, { fields: InviteFields }>(({ input, signal }) =>
    post(inviteBody(input.fields), { signal }),
  ),
})

/**
 * Add User (issue 15): a dialog with the new user's name, email, phone, type and permissions;
 * 'Send invitation' adds the account and mails its owner a set-password link. The administrator
 * never sees or sets the password. A taken address or phone shows the server's words under it.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: inviteActors(),
  guards: {
    isValid: ({ context }) => !hasErrors(inviteErrors(context.fields)),
  },
  actions: {
    reset: assign({ fields: emptyInvite, error: null, errorField: null, created: null }),
    clearRefusal: assign({ error: null, errorField: null }),
    notifySent: notify(({ context }: { context: InviteContext }) =>
      context.created ? sentNotice(context.created.email) : null,
    ),
  },
}).createMachine({
  id: 'invite',
  description:
    'Adds a user from the Add User dialog and sends the invitation, then opens the user.',
  context: { fields: emptyInvite(), error: null, errorField: null, created: null },
  initial: 'closed',
  states: {
    closed: {
      description: "The 'Add User' button.",
      on: {
        'invite.open': {
          target: 'editing',
          description: "'Add User' was pressed; the form opens empty.",
          actions: 'reset',
        },
      },
    },
    editing: {
      description:
        'The form: First name, Last name, Email, Phone, Type, the permissions, Send invitation and Cancel.',
      tags: ['open'],
      initial: 'idle',
      states: {
        idle: { description: 'Nothing refused.' },
        rejected: {
          description: "The last attempt was refused: the server's words show, the input stays.",
          tags: ['error'],
        },
      },
      on: {
        'invite.edit': {
          target: '.idle',
          description: 'The person typed in a text field; an earlier refusal no longer shows.',
          actions: [
            assign({
              fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }),
            }),
            'clearRefusal',
          ],
        },
        'invite.setType': {
          description: 'The person chose Internal or External.',
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, type: event.value }),
          }),
        },
        'invite.togglePermission': {
          description: 'The person ticked or cleared a permission.',
          actions: assign({
            fields: ({ context, event }) => {
              const others = context.fields.permissions.filter((p) => p !== event.permission)
              return {
                ...context.fields,
                permissions: event.on ? [...others, event.permission] : others,
              }
            },
          }),
        },
        'invite.submit': {
          guard: 'isValid',
          target: 'sending',
          description: "'Send invitation' was pressed with every field well formed.",
        },
        'invite.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape, or a click outside): nothing was sent.',
        },
      },
    },
    sending: {
      description: 'The server adds the user and mails the invitation; the form waits.',
      tags: ['open', 'busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'inviteUser',
        src: 'inviteUser',
        input: ({ context }) => ({ fields: context.fields }),
        onDone: {
          target: 'sent',
          description: "The user was added and invited; a notice says 'Invitation sent to …'.",
          actions: [assign({ created: ({ event }) => event.output }), 'notifySent'],
        },
        onError: {
          target: 'editing.rejected',
          description:
            'The server refused (a taken email or phone: under that field) or could not be reached (under the form).',
          actions: assign(({ event }) => {
            const refusal = inviteRefusal(event.error)
            return { error: refusal.message, errorField: refusal.field }
          }),
        },
      },
    },
    sent: {
      description: "The dialog closed; the new user's page opens.",
      tags: ['created'],
      on: {
        'invite.open': {
          target: 'editing',
          description: "'Add User' was pressed again.",
          actions: 'reset',
        },
      },
    },
  },
})

export type InviteActor = ActorRefFrom<typeof inviteMachine>
export type InviteSnapshot = SnapshotFrom<typeof inviteMachine>
