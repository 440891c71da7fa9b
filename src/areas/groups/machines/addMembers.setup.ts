import { assign, fromPromise, setup } from 'xstate'
import type { MembersChangeResults } from '../../../../schema/access'
import { addMembers } from '../../../data/api/groups'
import { findUsers, type PickerMatch, type PickerMatches } from '../../../data/lists/pickers'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { addedNotice, notAddedNotice, refusedNotice } from './groups.messages'
import { tellParent } from './tellParent'

export type { PickerMatch }

export type AddMembersContext = {
  groupId: string
  /** What the search box holds. */
  text: string
  /** The users the cache found for it, in name order, and how many more match. */
  matches: PickerMatch[]
  more: number
  /** The users picked so far, in the order they were picked. */
  chosen: PickerMatch[]
  error: string | null
  /** What the last Add did (its notices read it). */
  results: MembersChangeResults | null
}

export type AddMembersEvent =
  | { type: 'addMembers.open' }
  | { type: 'addMembers.type'; text: string }
  | { type: 'addMembers.toggle'; match: PickerMatch }
  | { type: 'addMembers.add' }
  | { type: 'addMembers.cancel' }

/** Users by name, email, phone or id from the console's cache, as the Users list finds them. */
export const searchUsers = fromPromise<PickerMatches, { text: string }>(({ input, signal }) =>
  findUsers(input.text, { signal, limit: 10 }),
)

/** POST /v1/groups/:id/members with the chosen users. */
export const addChosen = fromPromise<MembersChangeResults, { groupId: string; ids: string[] }>(
  ({ input, signal }) => addMembers(input.groupId, input.ids, { signal }),
)

type Args = { context: AddMembersContext }

export const CLEARED = { text: '', matches: [], more: 0, chosen: [], error: null, results: null }

/* The picker's context, events, effects and actions; addMembers.machine.ts draws the chart. */
export const addMembersSetup = setup({
  types: {
    context: {} as AddMembersContext,
    events: {} as AddMembersEvent,
    input: {} as { groupId: string },
  },
  actors: { searchUsers, addChosen },
  delays: {
    /** SPEC.md §9: searches wait 100 ms after the last keystroke. */
    searchDebounce: 100,
  },
  guards: {
    hasText: ({ event }) => event.type === 'addMembers.type' && event.text.trim() !== '',
    hasChosen: ({ context }) => context.chosen.length > 0,
  },
  actions: {
    keepText: assign(({ event }) => (event.type === 'addMembers.type' ? { text: event.text } : {})),
    toggle: assign(({ context, event }) => {
      if (event.type !== 'addMembers.toggle') return {}
      const picked = context.chosen.some((match) => match.id === event.match.id)
      return {
        chosen: picked
          ? context.chosen.filter((match) => match.id !== event.match.id)
          : [...context.chosen, event.match],
      }
    }),
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    tellMembers: tellParent(({ context }: Args) => ({
      type: 'members.changed',
      group: context.results?.group,
    })),
    notifyAdded: notify(({ context }: Args) =>
      context.results ? addedNotice(context.results) : null,
    ),
    notifyRefused: notify(({ context }: Args) =>
      context.results ? refusedNotice(context.results) : null,
    ),
    notifyNotAdded: notify(({ context }: Args) => notAddedNotice(context.error)),
  },
})
