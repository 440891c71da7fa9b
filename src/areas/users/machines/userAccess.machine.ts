import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import { Permissions, type Permission, type UserType } from '../../../../schema/permissions'
import type { User } from '../../../../schema/user'
import { changeAccess } from '../../../data/api/users'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { accessNotSavedNotice, accessSavedNotice } from './userAccess.messages'

/**
 * What the Access section's form edits: the user's type and their direct permissions (the
 * exceptions to their roles; issue 31). The cache's User carries the effective set instead.
 */
export type Access = { type: UserType; permissions: Permission[] }

export type AccessUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'type' | 'permissions'>

type AccessContext = {
  userId: string
  /** Told 'access.changed' after a save (the section's roles chart, which reads the sources again). */
  owner: AnyActorRef | null
  /** 'Ada Lovelace', for the notices. */
  name: string
  /** As the server last had it (the cache's copy, or the last save's answer). */
  saved: Access
  /** What the radio group and the checkboxes show. */
  draft: Access
  /** The server's refusal of the last save (a guard rail's message), shown under the button. */
  error: string | null
}

export type AccessEvent =
  | { type: 'access.typeChanged'; value: UserType }
  | { type: 'access.permissionToggled'; permission: Permission; on: boolean }
  | { type: 'access.save' }

/** `user.permissions` are the direct grants (GET /v1/user/:id/access's `direct`). */
export type AccessInput = { user: AccessUser; owner?: AnyActorRef }

/** What the form's owner hears after a save: what the user holds, and why, has changed. */
export type AccessChanged = { type: 'access.changed' }
const CHANGED: AccessChanged = { type: 'access.changed' }

const fullName = (user: Pick<User, 'nameFirst' | 'nameLast'>) =>
  `${user.nameFirst} ${user.nameLast}`

/** The permissions in schema/permissions.ts order, so that two sets compare as lists. */
const ordered = (permissions: readonly Permission[]) =>
  Permissions.filter((p) => permissions.includes(p))

const accessOf = (user: AccessUser): Access => ({
  type: user.type,
  permissions: ordered(user.permissions),
})

/** The draft after an edit event. */
export function edited(draft: Access, event: AccessEvent): Access {
  if (event.type === 'access.typeChanged') return { ...draft, type: event.value }
  if (event.type !== 'access.permissionToggled') return draft
  const rest = draft.permissions.filter((p) => p !== event.permission)
  return { ...draft, permissions: ordered(event.on ? [...rest, event.permission] : rest) }
}

export const isSameAccess = (a: Access, b: Access) =>
  a.type === b.type && a.permissions.join() === b.permissions.join()

// An edit's two outcomes: the draft differs from what is saved, or the edit undid the last change.
const editTo = (description: string) => [
  {
    guard: 'editsSomething' as const,
    target: 'dirty' as const,
    description: `${description}; the form now differs from what is saved.`,
    actions: 'applyEdit' as const,
  },
  {
    target: 'clean' as const,
    description: `${description}; the form is back to what is saved.`,
    actions: 'applyEdit' as const,
  },
]

/**
 * A user's type and direct permissions (the Users detail's Access section): the form is clean
 * (as saved) or dirty; Save access sends it and either it is saved (a notice) or the server refuses it with a
 * guard rail's message ('You cannot remove your own users.write permission.'), kept on screen.
 * The section's roles chart (accessAssignments) starts it once it has read the direct grants, and
 * hears 'access.changed' after each save, to read the effective permissions and their sources again.
 */
export const userAccessMachine = setup({
  types: {
    context: {} as AccessContext,
    events: {} as AccessEvent,
    input: {} as AccessInput,
  },
  actors: {
    saveAccess: fromPromise<User, { userId: string; access: Access }>(({ input, signal }) =>
      changeAccess(input.userId, input.access, { signal }),
    ),
  },
  guards: {
    editsSomething: ({ context, event }) =>
      !isSameAccess(edited(context.draft, event), context.saved),
  },
  actions: {
    applyEdit: assign({ draft: ({ context, event }) => edited(context.draft, event), error: null }),
    tellOwner: enqueueActions(({ context, enqueue }) => {
      if (context.owner) enqueue.sendTo(context.owner, CHANGED)
    }),
    notifySaved: notify(({ context }: { context: AccessContext }) =>
      accessSavedNotice(context.name),
    ),
    notifyNotSaved: notify(({ context }: { context: AccessContext }) =>
      accessNotSavedNotice(context.name, context.error),
    ),
  },
}).createMachine({
  id: 'userAccess',
  description: "A user's type and direct permissions, edited and saved.",
  context: ({ input }) => ({
    userId: input.user.id,
    owner: input.owner ?? null,
    name: fullName(input.user),
    saved: accessOf(input.user),
    draft: accessOf(input.user),
    error: null,
  }),
  initial: 'clean',
  states: {
    clean: {
      description: 'The form shows the saved access; Save access is off.',
      on: {
        // From what is saved, any edit makes the form differ (the first of editTo's outcomes).
        'access.typeChanged': editTo('A type was chosen').slice(0, 1),
        'access.permissionToggled': editTo('A permission was ticked or cleared').slice(0, 1),
      },
    },
    dirty: {
      description: 'The form differs from what is saved; Save access is on.',
      tags: ['dirty'],
      on: {
        'access.typeChanged': editTo('Another type was chosen'),
        'access.permissionToggled': editTo('Another permission was ticked or cleared'),
        'access.save': { target: 'saving', description: 'Save access was pressed.' },
      },
    },
    saving: {
      description: 'The server saves the access; the form waits.',
      tags: ['dirty', 'busy'],
      invoke: {
        id: 'saveAccess',
        src: 'saveAccess',
        input: ({ context }) => ({ userId: context.userId, access: context.draft }),
        onDone: {
          target: 'clean',
          description: "The server saved it: a notice says 'The access of {name} was saved'.",
          actions: [
            // The answer's user carries the effective permissions; the direct ones are as sent.
            assign(({ context, event }) => {
              const saved = { type: event.output.type, permissions: context.draft.permissions }
              return { saved, draft: saved }
            }),
            'notifySaved',
            'tellOwner',
          ],
        },
        onError: {
          target: 'refused',
          description:
            'The server refused it (a guard rail, or an error); its message shows and the form is kept.',
          actions: [assign({ error: ({ event }) => serverMessage(event.error) }), 'notifyNotSaved'],
        },
      },
    },
    refused: {
      description: "The last save was refused: the server's message shows; the form is kept.",
      tags: ['dirty', 'error'],
      on: {
        'access.typeChanged': editTo('A type was chosen after the refusal'),
        'access.permissionToggled': editTo('A permission was changed after the refusal'),
        'access.save': { target: 'saving', description: 'Save access was pressed again.' },
      },
    },
  },
})

export type UserAccessActor = ActorRefFrom<typeof userAccessMachine>
export type UserAccessSnapshot = SnapshotFrom<typeof userAccessMachine>
