import { assign, fromPromise, setup, stopChild } from 'xstate'
import type { Group } from '../../../../schema/access'
import { listGroups } from '../../../data/api/groups'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { groupDeleteMachine, type GroupDeleteActor } from './groupDelete.machine'
import { groupFormMachine, type GroupFormActor } from './groupForm.machine'
import { groupMembersMachine, type GroupMembersActor } from './groupMembers.machine'

export type GroupsPageContext = {
  /** Every group, by name. */
  groups: Group[]
  /** What the search box holds; the list shows the groups whose name or description has it. */
  text: string
  /** The group whose members show. */
  selectedId: string | null
  error: string | null
  /** The New group / Edit form, and the delete confirmation. */
  form: GroupFormActor
  remover: GroupDeleteActor
  /** The selected group's members; null with none selected. */
  members: GroupMembersActor | null
}

export type GroupsPageEvent =
  | { type: 'groups.retry' }
  | { type: 'groups.search'; text: string }
  | { type: 'groups.select'; id: string }
  | { type: 'groups.saved'; group: Group }
  | { type: 'groups.removed'; id: string }

/** GET /v1/groups. */
export const loadGroups = fromPromise<Group[]>(({ signal }) => listGroups({ signal }))

const byName = (a: Group, b: Group) => a.name.localeCompare(b.name, 'en')

/** The list with `group` in it (in place, or added), by name. */
export const withGroup = (groups: readonly Group[], group: Group) =>
  [...groups.filter((g) => g.id !== group.id), group].sort(byName)

/* The Groups page's context, events, effects and actions; groupsPage.machine.ts draws the chart. */
export const groupsPageSetup = setup({
  types: {
    context: {} as GroupsPageContext,
    events: {} as GroupsPageEvent,
  },
  actors: {
    loadGroups,
    form: groupFormMachine,
    remover: groupDeleteMachine,
    members: groupMembersMachine,
  },
  guards: {
    isListed: ({ context, event }) =>
      event.type === 'groups.select' && context.groups.some((group) => group.id === event.id),
    isNew: ({ context, event }) =>
      event.type === 'groups.saved' && !context.groups.some((group) => group.id === event.group.id),
    isSelected: ({ context, event }) =>
      event.type === 'groups.removed' && event.id === context.selectedId,
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    keepGroup: assign(({ context, event }) =>
      event.type === 'groups.saved' ? { groups: withGroup(context.groups, event.group) } : {},
    ),
    dropGroup: assign(({ context, event }) =>
      event.type === 'groups.removed'
        ? { groups: context.groups.filter((group) => group.id !== event.id) }
        : {},
    ),
    stopMembers: stopChild(({ context }) => context.members ?? ''),
    clearMembers: assign({ selectedId: null, members: null }),
    // A fresh members chart for the group chosen (the one before is stopped first).
    showMembers: assign(({ event, spawn }) => {
      const id =
        event.type === 'groups.select'
          ? event.id
          : event.type === 'groups.saved'
            ? event.group.id
            : ''
      return {
        selectedId: id,
        members: spawn('members', { id: `members-${id}`, input: { groupId: id } }),
      }
    }),
  },
})
