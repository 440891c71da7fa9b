import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { User } from '../../schema/user'
import { storeUser } from '../data/db/users'
import { serverMessage } from './profile.messages'
import { hasErrors, type EditedUser, type EditorSpec, type Fields } from './profileEditors'
import type { StartupActor } from './startup.machine'

type EditorContext = {
  spec: EditorSpec
  /** The user as last saved; an opening editor starts from it. */
  user: EditedUser
  fields: Fields
  /** The server's message for the last failed save, shown in the open editor. */
  error: string | null
  /** Hears 'self.updated' so the shell and the menu show the saved values. */
  startup: StartupActor | undefined
}

export type EditorInput = { spec: EditorSpec; user: EditedUser; startup: StartupActor | undefined }

export type EditorEvent =
  | { type: 'editor.open' }
  | { type: 'editor.cancel' }
  | { type: 'editor.fieldChanged'; field: string; value: string }
  | { type: 'editor.save' }

/** Saves through the editor's own server call, then keeps the identity cache's copy in step. */
const saveUser = fromPromise<User, { spec: EditorSpec; user: EditedUser; fields: Fields }>(
  async ({ input, signal }) => {
    const user = await input.spec.save(input.user, input.fields, signal)
    // The server has the change; the sync's pull would bring it anyway, so a cache that cannot be
    // written must not turn a saved change into a reported failure.
    await storeUser(user).catch(() => undefined)
    return user
  },
)

/**
 * One inline editor of the Profile's 'Personal Info' card (SPEC.md §2, §4 'Profile editors'):
 * closed, or open; Save Changes sends the change and a successful save closes it. Which fields,
 * rules and call is the `spec` of its input (name, email, phone).
 */
export const profileEditorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
  },
  actors: { saveUser },
  guards: {
    canSave: ({ context }) =>
      context.spec.isChanged(context.fields, context.user) &&
      !hasErrors(context.spec.errors(context.fields)),
  },
  actions: {
    notifySaved: enqueueActions(({ context, enqueue }, user: User) => {
      if (context.startup) enqueue.sendTo(context.startup, { type: 'self.updated', changes: user })
    }),
  },
}).createMachine({
  id: 'profileEditor',
  description: 'An inline editor of the Personal Info card.',
  context: ({ input }) => ({
    spec: input.spec,
    user: input.user,
    fields: input.spec.fields(input.user),
    error: null,
    startup: input.startup,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Shows the saved value and the edit icon.',
      on: {
        'editor.open': {
          target: 'open',
          description: 'The edit icon was pressed.',
          actions: assign({
            fields: ({ context }) => context.spec.fields(context.user),
            error: null,
          }),
        },
      },
    },
    open: {
      description: 'The inputs, the cancel icon and Save Changes.',
      tags: ['open'],
      initial: 'editing',
      states: {
        editing: { description: 'No failure to report.' },
        failed: {
          description: "The last save failed; the server's message shows.",
          tags: ['error'],
        },
      },
      on: {
        'editor.fieldChanged': {
          description: 'The person typed in one of the inputs.',
          actions: assign({
            fields: ({ context, event }) => ({
              ...context.fields,
              [event.field]: context.spec.normalize(event.field, event.value),
            }),
          }),
        },
        'editor.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save Changes was pressed with a changed, valid value.',
        },
        'editor.cancel': { target: 'closed', description: 'The cancel icon was pressed.' },
      },
    },
    saving: {
      description: 'The server saves the change; the inputs and buttons wait.',
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context }) => ({
          spec: context.spec,
          user: context.user,
          fields: context.fields,
        }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'notifySaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'open.failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
  },
})

export type EditorActor = ActorRefFrom<typeof profileEditorMachine>
export type EditorSnapshot = SnapshotFrom<typeof profileEditorMachine>
