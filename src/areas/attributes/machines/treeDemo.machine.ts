import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import {
  keyOfQuestion,
  pendingAnswers,
  stillPending,
  treeDemoActors,
  type PendingAnswer,
  type RowsEvent,
  type SavedAnswer,
} from './treeDemo.answers'
import { failureText } from './treeDemo.messages'
import type { DemoRows } from './treeDemo.walk'

export type { PendingAnswer } from './treeDemo.answers'

export const UNREADABLE = 'The attribute cache could not be read. Reload the page to try again.'

/** Typing settles for this long before the answers are stored. */
export const ANSWER_SAVE_DELAY = 400

type DemoContext = {
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

const answerOf = ({ event }: { event: DemoEvent }) =>
  event.type === 'answer.changed'
    ? { associationId: event.associationId, value: event.value }
    : { associationId: '', value: '' }

/**
 * The whole-tree demo (issue 6): a respondent walks a root's questions; conditions include and
 * exclude items as answers change (treeDemo.walk.ts), and the answers are stored as AttributeValue
 * strings against a reference id, a moment after typing stops.
 */
export const treeDemoMachine = setup({
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
}).createMachine({
  id: 'treeDemo',
  description: "Walks a root's questions as a respondent, storing the answers.",
  context: ({ input }) => ({
    rootId: input.rootId,
    refId: input.refId,
    rows: null,
    answers: {},
    valueIds: {},
    pending: [],
    saving: [],
    error: null,
  }),
  invoke: { id: 'watchRows', src: 'watchRows' },
  on: {
    'rows.loaded': {
      description: 'The cache had the tree (again, or changed): the page redrew it.',
      actions: assign({ rows: ({ event }) => event.rows }),
    },
    'rows.failed': {
      target: '.unreadable',
      description: 'The attribute cache could not be read.',
      actions: assign({ error: UNREADABLE }),
    },
  },
  initial: 'loadingAnswers',
  states: {
    loadingAnswers: {
      description:
        "The status reads 'Reading the answers…' while the respondent's stored answers are read.",
      tags: ['busy', 'loading'],
      entry: assign({ answers: {}, valueIds: {}, pending: [], error: null }),
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => ({ refId: context.refId }),
        onDone: {
          target: 'answering',
          description: "The respondent's stored answers were read and filled in.",
          actions: assign({
            answers: ({ event }) =>
              Object.fromEntries(
                event.output.flatMap((row) =>
                  row.attributeKeyAssociationId && !row.deleted
                    ? [[row.attributeKeyAssociationId, row.value]]
                    : [],
                ),
              ),
            valueIds: ({ event }) =>
              Object.fromEntries(
                event.output.flatMap((row) =>
                  row.attributeKeyAssociationId ? [[row.attributeKeyAssociationId, row.id]] : [],
                ),
              ),
          }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The answers could not be read; the alert says why.',
          actions: assign({ error: ({ event }) => failureText(event.error, 'read the answers') }),
        },
      },
    },
    loadFailed: {
      description: 'Says why the answers could not be read; Try Again.',
      tags: ['error'],
      on: {
        'demo.retry': {
          target: 'loadingAnswers',
          description: 'Try Again was pressed: the answers are read again.',
        },
        'respondent.changed': {
          target: 'loadingAnswers',
          description:
            'Another respondent was opened (Reference Id and Open, or New Respondent): the demo starts over.',
          actions: assign({ refId: ({ event }) => event.refId }),
        },
      },
    },
    answering: {
      description: 'The questions are shown and answered.',
      tags: ['answering'],
      initial: 'saved',
      states: {
        saved: {
          description: 'Every shown answer is stored.',
          tags: ['allSaved'],
          on: {
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              description: 'An answer changed; it is stored once typing settles.',
              actions: { type: 'recordAnswer', params: answerOf },
            },
            'respondent.changed': {
              target: '#treeDemo.loadingAnswers',
              description:
                'Another respondent was opened (Reference Id and Open, or New Respondent): the demo starts over.',
              actions: assign({ refId: ({ event }) => event.refId }),
            },
          },
        },
        waiting: {
          description: 'Answers changed; waiting for typing to settle.',
          after: {
            ANSWER_SAVE_DELAY: {
              target: 'saving',
              description: 'Typing settled: nothing changed for a moment.',
            },
          },
          on: {
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              reenter: true,
              description: 'An answer changed again: the wait starts over.',
              actions: { type: 'recordAnswer', params: answerOf },
            },
          },
        },
        saving: {
          description: 'The pending answers are being stored.',
          tags: ['busy'],
          entry: assign({ saving: ({ context }) => pendingAnswers(context) }),
          invoke: {
            id: 'saveAnswers',
            src: 'saveAnswers',
            input: ({ context }) => ({ refId: context.refId, answers: context.saving }),
            onDone: [
              {
                guard: { type: 'leavesPending', params: ({ event }) => event.output },
                target: 'waiting',
                description:
                  'The server stored the answers, but some changed meanwhile: those wait their turn.',
                actions: { type: 'keepSaved', params: ({ event }) => event.output },
              },
              {
                target: 'saved',
                description: 'The server stored every answer.',
                actions: { type: 'keepSaved', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'failed',
              description:
                'The server refused the answer (or could not be reached); the alert says why.',
              actions: assign({
                error: ({ event }) => failureText(event.error, 'store the answer'),
              }),
            },
          },
          on: {
            // Stopping the call now would lose the ids it creates; the change waits its turn.
            'answer.changed': {
              guard: 'isQuestion',
              description: 'An answer changed during the save: it is kept and stored after it.',
              actions: { type: 'recordAnswer', params: answerOf },
            },
          },
        },
        failed: {
          description: 'Says which answer could not be stored; Try Again, or keep answering.',
          tags: ['error'],
          on: {
            'demo.retry': {
              target: 'saving',
              description: 'Try Again was pressed: the pending answers are stored again.',
              actions: assign({ error: null }),
            },
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              description:
                'An answer changed after the failure: everything pending is stored once typing settles.',
              actions: [{ type: 'recordAnswer', params: answerOf }, assign({ error: null })],
            },
            'respondent.changed': {
              target: '#treeDemo.loadingAnswers',
              description:
                'Another respondent was opened (Reference Id and Open, or New Respondent): the demo ' +
                'starts over; unsaved answers are dropped.',
              actions: assign({ refId: ({ event }) => event.refId }),
            },
          },
        },
      },
    },
    unreadable: {
      description: 'The attribute cache could not be read; the page says so.',
      tags: ['error'],
      type: 'final',
    },
  },
})

export type TreeDemoActor = ActorRefFrom<typeof treeDemoMachine>
export type TreeDemoSnapshot = SnapshotFrom<typeof treeDemoMachine>
