import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Group } from '../../../../schema/access'
import { changeGroup, createGroup } from '../../../data/api/groups'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import {
  canSaveGroup,
  createdNotice,
  fieldOfRefusal,
  notSavedNotice,
  savedNotice,
  type GroupField,
  type GroupFields,
} from './groups.messages'
import { tellParent } from './tellParent'

type GroupFormContext = {
  /** The group being changed; null for a new one. */
  group: Group | null
  fields: GroupFields
  /** The server's refusal of the last Save, and the field it is about (null: the whole form). */
  error: string | null
  errorField: GroupField | null
  /** The group as the last Save left it. */
  saved: Group | null
}

export type GroupFormEvent =
  | { type: 'groupForm.new' }
  | { type: 'groupForm.change'; group: Group }
  | { type: 'groupForm.edit'; field: GroupField; value: string }
  | { type: 'groupForm.save' }
  | { type: 'groupForm.cancel' }

type SaveInput = { group: Group | null; fields: GroupFields }

/** Creates the group, or renames and describes it, with the trimmed fields. */
export const saveGroup = fromPromise<Group, SaveInput>(({ input, signal }) => {
  const body = { name: input.fields.name.trim(), description: input.fields.description.trim() }
  return input.group ? changeGroup(input.group.id, body, { signal }) : createGroup(body, { signal })
})

type Args = { context: GroupFormContext }
const EMPTY: GroupFields = { name: '', description: '' }
const NO_REFUSAL = { error: null, errorField: null }

/**
 * The group form (roles.write): 'New group' opens it empty, 'Edit' with the group's name and
 * description; Save creates or changes it and tells the Groups page, which lists it. A refusal
 * (a taken name) keeps the input and shows beside the field it is about.
 */
export const groupFormMachine = setup({
  types: {
    context: {} as GroupFormContext,
    events: {} as GroupFormEvent,
  },
  actors: { saveGroup },
  guards: {
    isValid: ({ context }) => canSaveGroup(context.fields),
  },
  actions: {
    keepInput: assign(({ context, event }) =>
      event.type === 'groupForm.edit'
        ? { fields: { ...context.fields, [event.field]: event.value } }
        : {},
    ),
    tellPage: tellParent(({ context }: Args) => ({ type: 'groups.saved', group: context.saved })),
    notifySaved: notify(({ context }: Args) => {
      if (!context.saved) return null
      return context.group ? savedNotice(context.saved) : createdNotice(context.saved)
    }),
    notifyNotSaved: notify(({ context }: Args) => notSavedNotice(!context.group, context.error)),
  },
}).createMachine({
  id: 'groupForm',
  description: 'Creates a group, or renames and describes one.',
  context: { group: null, fields: EMPTY, ...NO_REFUSAL, saved: null },
  initial: 'closed',
  states: {
    closed: {
      description: "No dialog; 'New group' and each group's Edit open it.",
      on: {
        'groupForm.new': {
          target: 'editing',
          description: "'New group' was pressed: the form opens empty.",
          actions: assign({ group: null, fields: EMPTY, ...NO_REFUSAL }),
        },
        'groupForm.change': {
          target: 'editing',
          description: "A group's Edit was pressed: the form holds its name and description.",
          actions: assign(({ event }) => ({
            group: event.group,
            fields: { name: event.group.name, description: event.group.description },
            ...NO_REFUSAL,
          })),
        },
      },
    },
    editing: {
      description: 'The form: Name, Description, Save and Cancel.',
      tags: ['open'],
      on: {
        'groupForm.edit': { description: 'The person typed in a field.', actions: 'keepInput' },
        'groupForm.save': {
          guard: 'isValid',
          target: 'saving',
          description: 'Save was pressed with a name and nothing too long.',
        },
        'groupForm.cancel': {
          target: 'closed',
          description: 'Cancel was pressed (or Escape, or a click outside).',
        },
      },
    },
    saving: {
      description: 'The server saves the group; the form waits.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'saveGroup',
        src: 'saveGroup',
        input: ({ context }) => ({ group: context.group, fields: context.fields }),
        onDone: {
          target: 'closed',
          description:
            "Saved: the dialog closes, the list shows it, a notice says '… was created'.",
          actions: [assign({ saved: ({ event }) => event.output }), 'tellPage', 'notifySaved'],
        },
        onError: {
          target: 'failed',
          description: 'Refused: a notice says the group was not saved, and why.',
          actions: [
            assign(({ event }) => {
              const message = serverMessage(event.error)
              return { error: message, errorField: fieldOfRefusal(message) }
            }),
            'notifyNotSaved',
          ],
        },
      },
    },
    failed: {
      description: "Refused: the input is kept and the server's message shows beside its field.",
      tags: ['open', 'error'],
      on: {
        'groupForm.edit': {
          target: 'editing',
          description: 'The person typed in a field; the refusal no longer applies.',
          actions: ['keepInput', assign(NO_REFUSAL)],
        },
        'groupForm.save': {
          guard: 'isValid',
          target: 'saving',
          description: 'Save was pressed again.',
        },
        'groupForm.cancel': {
          target: 'closed',
          description: 'Cancel was pressed: the person gave up.',
        },
      },
    },
  },
})

export type GroupFormActor = ActorRefFrom<typeof groupFormMachine>
export type GroupFormSnapshot = SnapshotFrom<typeof groupFormMachine>
