import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import type { ApiToken, Group, Role } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import { isApiError } from '../../../data/api/ApiError'
import { createToken, listTokenGroups, listTokenRoles } from '../../../data/api/tokens'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'
import {
  canCreateToken,
  emptyTokenFields,
  expiresAt,
  grantableRoles,
  toggled,
  type ExpiryChoice,
  type TokenFields,
} from './newToken.rules'

type NewTokenContext = {
  /** The signed-in person's permissions: the most a token of theirs may carry. */
  held: Permission[]
  /** The list the new token joins (told `tokens.created`); null when the dialog runs alone. */
  list: AnyActorRef | null
  /** The roles the caller may give a token, and the groups it may be limited to. */
  roles: Role[]
  groups: Group[]
  fields: TokenFields
  /** Why reading the choices or the last Create failed, in the server's words. */
  error: string | null
  /** The token just made and its secret: shown once, until Done. */
  created: { token: ApiToken; secret: string } | null
  /** When the dialog opened: 'today' for the expiry date's bounds. */
  openedAt: number
}

export type NewTokenInput = { held: Permission[]; list?: AnyActorRef | null }

export type NewTokenEvent =
  | { type: 'newToken.open' }
  | { type: 'newToken.cancel' }
  | { type: 'newToken.retry' }
  | { type: 'newToken.name'; value: string }
  | { type: 'newToken.role'; roleId: string; on: boolean }
  | { type: 'newToken.permission'; permission: Permission; on: boolean }
  | { type: 'newToken.group'; groupId: string | null }
  | { type: 'newToken.expiry'; expiry: ExpiryChoice }
  | { type: 'newToken.date'; value: string }
  | { type: 'newToken.create' }
  | { type: 'newToken.done' }

export type TokenChoices = { roles: Role[]; groups: Group[] }

// Someone without roles.read or users.read may still make tokens of their own permissions: a
// refused read leaves that list empty.
const orNone = <T>(read: Promise<T[]>) =>
  read.catch((error: unknown) => {
    if (isApiError(error) && error.status === 403) return [] as T[]
    throw error
  })

/** The chart's effects; tests swap them (`newTokenMachine.provide({ actors })`). */
export const newTokenActors = {
  loadChoices: fromPromise<TokenChoices>(async ({ signal }) => {
    const [roles, groups] = await Promise.all([
      orNone(listTokenRoles({ signal })),
      orNone(listTokenGroups({ signal })),
    ])
    return { roles, groups }
  }),
  createToken: fromPromise<{ token: ApiToken; secret: string }, { fields: TokenFields }>(
    ({ input: { fields }, signal }) =>
      createToken(
        {
          name: fields.name.trim(),
          roles: fields.roles,
          permissions: fields.permissions,
          groupId: fields.groupId,
          expiresAt: expiresAt(fields, Date.now()),
        },
        { signal },
      ),
  ),
}

/**
 * New token (issue 31, "API tokens"): a dialog opened by 'New token'. It reads the roles and the
 * groups, offers only the roles and permissions the caller holds, and Create sends the token's
 * name, what it carries, its scope and its expiry. The secret then shows once, until Done; the
 * list is told of the new token. A refusal (422) keeps the input and shows the server's words.
 */
export const newTokenMachine = setup({
  types: {
    context: {} as NewTokenContext,
    events: {} as NewTokenEvent,
    input: {} as NewTokenInput,
  },
  actors: newTokenActors,
  guards: {
    canCreate: ({ context }) => canCreateToken(context.fields, context.openedAt),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    tellList: enqueueActions(({ context, enqueue }) => {
      if (context.list && context.created)
        enqueue.sendTo(context.list, { type: 'tokens.created', token: context.created.token })
    }),
  },
}).createMachine({
  id: 'newToken',
  description: 'The New token dialog: choose, create, and see the secret once.',
  context: ({ input }) => ({
    held: input.held,
    list: input.list ?? null,
    roles: [],
    groups: [],
    fields: emptyTokenFields(),
    error: null,
    created: null,
    openedAt: Date.now(),
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "The 'New token' button.",
      on: {
        'newToken.open': {
          target: 'loading',
          description: "'New token' was pressed: an empty form opens.",
          actions: assign({ fields: emptyTokenFields, error: null, openedAt: () => Date.now() }),
        },
      },
    },
    loading: {
      description: 'The roles and groups to choose from are read; the form waits.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: {
          target: 'editing',
          description: 'Read: the roles the caller may give and the groups show.',
          actions: assign(({ context, event }) => ({
            roles: grantableRoles(event.output.roles, context.held),
            groups: event.output.groups,
          })),
        },
        onError: {
          target: 'unavailable',
          description: 'The read failed: the reason and Try again show.',
          actions: 'recordError',
        },
      },
      on: {
        'newToken.cancel': { target: 'closed', description: 'Cancel was pressed while reading.' },
      },
    },
    unavailable: {
      description: 'The roles and groups could not be read: the reason, Try again and Cancel.',
      tags: ['open', 'error'],
      on: {
        'newToken.retry': { target: 'loading', description: 'Try again was pressed.' },
        'newToken.cancel': { target: 'closed', description: 'Cancel was pressed.' },
      },
    },
    editing: {
      description: 'The form: name, roles, permissions, scope, expiry; Create and Cancel.',
      tags: ['open'],
      ...quietOrFailed('idle', 'rejected', {
        quiet: 'Nothing was refused.',
        failed: 'The server refused the last Create: its words show in the dialog.',
      }),
      on: {
        'newToken.name': {
          description: 'The name was typed.',
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, name: event.value }),
          }),
        },
        'newToken.role': {
          description: 'A role was checked or unchecked.',
          actions: assign({
            fields: ({ context, event }) => ({
              ...context.fields,
              roles: toggled(context.fields.roles, event.roleId, event.on),
            }),
          }),
        },
        'newToken.permission': {
          description: 'A permission was checked or unchecked.',
          actions: assign({
            fields: ({ context, event }) => ({
              ...context.fields,
              permissions: toggled(context.fields.permissions, event.permission, event.on),
            }),
          }),
        },
        'newToken.group': {
          description: "A group was chosen for the scope (or 'All users').",
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, groupId: event.groupId }),
          }),
        },
        'newToken.expiry': {
          description: "An expiry was chosen: 7, 30 or 90 days, a year, or 'A date'.",
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, expiry: event.expiry }),
          }),
        },
        'newToken.date': {
          description: 'The expiry date was typed or picked.',
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, date: event.value }),
          }),
        },
        'newToken.create': {
          guard: 'canCreate',
          target: 'creating',
          description: 'Create was pressed with a name, something to carry and a valid expiry.',
        },
        'newToken.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape): nothing is made.',
        },
      },
    },
    creating: {
      description: 'The server makes the token; the form waits.',
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'createToken',
        src: 'createToken',
        input: ({ context }) => ({ fields: context.fields }),
        onDone: {
          target: 'shown',
          description: 'Made: its secret shows this once, and the list is told.',
          actions: [assign({ created: ({ event }) => event.output }), 'tellList'],
        },
        onError: {
          target: 'editing.rejected',
          description: "Refused (422) or failed: the input stays and the server's words show.",
          actions: 'recordError',
        },
      },
    },
    shown: {
      description:
        "The secret with Copy and 'Copy this token now. You will not be able to see it again.'",
      tags: ['secret'],
      on: {
        'newToken.done': {
          target: 'closed',
          description: 'Done was pressed: the secret is gone for good.',
          actions: assign({ created: null, fields: emptyTokenFields }),
        },
      },
    },
  },
})

export type NewTokenActor = ActorRefFrom<typeof newTokenMachine>
export type NewTokenSnapshot = SnapshotFrom<typeof newTokenMachine>
