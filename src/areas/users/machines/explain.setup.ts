/**
 * The explain box's vocabulary and effects: its context, events and input, and the one `setup`
 * (actors, delays, guards, actions) its two regions build on (explain.machine.ts).
 */
import { assign, fromPromise, setup } from 'xstate'
import type { Explanation } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import type { User } from '../../../../schema/user'
import { explain, type ExplainQuestion } from '../../../data/api/access'
import {
  findServices,
  findUsers,
  type PickerMatch,
  type PickerMatches,
} from '../../../data/lists/pickers'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { targetKind, type TargetKind } from './explain.messages'

export type { PickerMatch }

type ExplainContext = {
  userId: string
  /** 'Ada Lovelace', for the question. */
  name: string
  permission: Permission | null
  /** What the target box holds. */
  text: string
  /** The users or services that match it, in name order; how many more match. */
  matches: PickerMatch[]
  more: number
  /** The user or service the question is about; null: anywhere. */
  target: PickerMatch | null
  /** The server's answer to the last question asked. */
  explanation: Explanation | null
  /** Why the search of the cache, or the question, failed. */
  searchError: string | null
  error: string | null
}

export type ExplainEvent =
  | { type: 'explain.permissionPicked'; permission: Permission }
  | { type: 'explain.typed'; text: string }
  | { type: 'explain.chosen'; match: PickerMatch }
  | { type: 'explain.ask' }

export type ExplainInput = { user: Pick<User, 'id' | 'nameFirst' | 'nameLast'> }

/** The target box emptied, with nothing chosen. */
export const NO_TARGET = { text: '', matches: [], more: 0, target: null, searchError: null }

/** What the question's target is: a user, a service, or nothing (the permission needs none). */
export const kindOf = (context: Pick<ExplainContext, 'permission'>): TargetKind | null =>
  context.permission ? targetKind(context.permission) : null

/** Whether the question is whole: a permission, and the target chosen or the box empty. */
export const isAskable = (context: ExplainContext) =>
  context.permission !== null &&
  (kindOf(context) === null || context.target !== null || context.text.trim() === '')

export const explainSetup = setup({
  types: {
    context: {} as ExplainContext,
    events: {} as ExplainEvent,
    input: {} as ExplainInput,
  },
  actors: {
    /** The identity cache searched as the Users and Services lists search it. */
    findTargets: fromPromise<PickerMatches, { kind: TargetKind; text: string }>(
      ({ input, signal }) =>
        input.kind === 'service'
          ? findServices(input.text, { signal })
          : findUsers(input.text, { signal }),
    ),
    askServer: fromPromise<Explanation, ExplainQuestion>(({ input, signal }) =>
      explain(input, { signal }),
    ),
  },
  delays: {
    /** SPEC.md §9: searches wait 100 ms after the last keystroke. */
    searchDebounce: 100,
  },
  guards: {
    hasText: ({ event }) => event.type === 'explain.typed' && event.text.trim() !== '',
    changesTargetKind: ({ context, event }) =>
      event.type === 'explain.permissionPicked' && kindOf(context) !== targetKind(event.permission),
    canAsk: ({ context }) => isAskable(context),
  },
  actions: {
    keepPermission: assign({
      permission: ({ context, event }) =>
        event.type === 'explain.permissionPicked' ? event.permission : context.permission,
    }),
    keepText: assign({
      text: ({ context, event }) => (event.type === 'explain.typed' ? event.text : context.text),
      target: null,
    }),
    clearTarget: assign(NO_TARGET),
    forgetAnswer: assign({ explanation: null, error: null }),
    // The cache's own words (a closed database); it is not the server's refusal.
    recordSearchError: assign({
      searchError: ({ event }) => {
        const error = (event as { error?: unknown }).error
        return error instanceof Error && error.message.trim() !== '' ? error.message : 'unknown'
      },
    }),
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
  },
})
