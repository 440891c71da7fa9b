import { assign, setup } from 'xstate'
import {
  keyOfQuestion,
  stillPending,
  treeDemoActors,
  type PendingAnswer,
  type RowsEvent,
  type SavedAnswer,
} from './treeDemo.answers'
import type { DemoRows } from './treeDemo.walk'

/*
 * The tree demo's context, events and input, and its named effects, delay, guards and actions
 * (treeDemo.machine.ts draws the chart; its `answering` state lives in treeDemo.answering.ts).
 */

/** Typing settles for this long before the answers are stored. */
export const ANSWER_SAVE_DELAY = 400

export type DemoContext = {
  rootId: string
  refId: string
  rows: DemoRows | null
  /** The respondent's answers by association id, as AttributeValue strings (SPEC.md §3). */
  answers: Record<string, string>
  /** The stored AttributeValue id of each answered question. */
  valueIds: Record<string, string>
  /** Questions whose shown answer is not stored yet. */
  pending: string[]
  /** The answers the running save stores. */
  saving: PendingAnswer[]
  error: string | null
}

export type DemoEvent =
  | RowsEvent
  | { type: 'answer.changed'; associationId: string; value: string }
  | { type: 'demo.retry' }
  | { type: 'respondent.changed'; refId: string }

export type DemoInput = { rootId: string; refId: string }

export const answerOf = ({ event }: { event: DemoEvent }) =>
  event.type === 'answer.changed'
    ? { associationId: event.associationId, value: event.value }
    : { associationId: '', value: '' }

export const treeDemoSetup = setup({
  types: {
    context: {} as DemoContext,
    events: {} as DemoEvent,
    input: {} as DemoInput,
  },
  actors: treeDemoActors(),
  delays: { ANSWER_SAVE_DELAY },
  guards: {
    /** Checked before keepSaved runs, so it works out what will still be pending. */
    leavesPending: ({ context }, saved: SavedAnswer[]) => stillPending(context, saved).length > 0,
    /** An answer to a question the tree has (the page draws only those). */
    isQuestion: ({ context, event }) =>
      event.type === 'answer.changed' && keyOfQuestion(context, event.associationId) !== undefined,
  },
  actions: {
    /** Shows the new answer and marks it to be stored. */
    recordAnswer: assign(({ context }, answer: { associationId: string; value: string }) => ({
      answers: { ...context.answers, [answer.associationId]: answer.value },
      pending: context.pending.includes(answer.associationId)
        ? context.pending
        : [...context.pending, answer.associationId],
    })),
    /** Remembers the stored rows; an answer changed again meanwhile stays pending. */
    keepSaved: assign(({ context }, saved: SavedAnswer[]) => {
      const valueIds = { ...context.valueIds }
      for (const answer of saved) valueIds[answer.associationId] = answer.valueId
      return { valueIds, pending: stillPending(context, saved) }
    }),
  },
})
