import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { AttributeValue } from '../../schema/attributes'
import { fetchValues, saveRecord } from '../data/api/attributes'
import { watchDemoRows } from '../data/db/attributeDemo'
import { failureText } from './treeDemo.messages'
import type { DemoRows } from './treeDemo.walk'

export const UNREADABLE = 'The attribute cache could not be read. Reload the page to try again.'

/** Typing settles for this long before the answers are stored. */
export const ANSWER_SAVE_DELAY = 400

/** An answer not yet stored: the question, its key, the value, and the stored row when there is one. */
export type PendingAnswer = {
  associationId: string
  attributeKeyId: string
  value: string
  valueId: string | undefined
}

type SavedAnswer = { associationId: string; value: string; valueId: string }

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
  | { type: 'rows.loaded'; rows: DemoRows }
  | { type: 'rows.failed'; error: unknown }
  | { type: 'answer.changed'; associationId: string; value: string }
  | { type: 'demo.retry' }
  | { type: 'respondent.changed'; refId: string }

export type DemoInput = { rootId: string; refId: string }

const watchRows = fromCallback<DemoEvent>(({ sendBack }) =>
  watchDemoRows({
    next: (rows) => sendBack({ type: 'rows.loaded', rows }),
    error: (error) => sendBack({ type: 'rows.failed', error }),
  }),
)

const loadAnswers = fromPromise<AttributeValue[], { refId: string }>(({ input, signal }) =>
  fetchValues(input.refId, { signal }),
)

/**
 * Stores each pending answer as an AttributeValue against the reference id: updated when it has a
 * stored row, created otherwise. One at a time, in order, so a failure names what is still unsaved.
 */
const saveAnswers = fromPromise<SavedAnswer[], { refId: string; answers: PendingAnswer[] }>(
  async ({ input, signal }) => {
    const saved: SavedAnswer[] = []
    for (const answer of input.answers) {
      const row = await saveRecord(
        'AttributeValue',
        {
          refId: input.refId,
          attributeKeyId: answer.attributeKeyId,
          attributeKeyAssociationId: answer.associationId,
          value: answer.value,
        },
        answer.valueId ?? null,
        { signal },
      )
      saved.push({ associationId: answer.associationId, value: answer.value, valueId: row.id })
    }
    return saved
  },
)

/** The pending questions a save leaves: those changed again since their value was sent. */
function stillPending(context: DemoContext, saved: SavedAnswer[]): string[] {
  const stored = new Set(
    saved
      .filter((answer) => context.answers[answer.associationId] === answer.value)
      .map((answer) => answer.associationId),
  )
  return context.pending.filter((id) => !stored.has(id))
}

const keyOf = (context: DemoContext, associationId: string) =>
  context.rows?.associations.find((association) => association.id === associationId)?.attributeKeyId

/** The pending answers whose question is still in the cache, ready to store. */
export const pendingAnswers = (context: DemoContext): PendingAnswer[] =>
  context.pending.flatMap((associationId) => {
    const attributeKeyId = keyOf(context, associationId)
    const value = context.answers[associationId]
    if (!attributeKeyId || value === undefined) return []
    return [{ associationId, attributeKeyId, value, valueId: context.valueIds[associationId] }]
  })

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
  actors: { watchRows, loadAnswers, saveAnswers },
  delays: { ANSWER_SAVE_DELAY },
  guards: {
    /** Checked before keepSaved runs, so it works out what will still be pending. */
    leavesPending: ({ context }, saved: SavedAnswer[]) => stillPending(context, saved).length > 0,
    /** An answer to a question the tree has (the page draws only those). */
    isQuestion: ({ context, event }) =>
      event.type === 'answer.changed' && keyOf(context, event.associationId) !== undefined,
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
      description: 'The cache has the tree (again, or changed): the page redraws it.',
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
      description: "Reads the respondent's stored answers.",
      tags: ['busy'],
      entry: assign({ answers: {}, valueIds: {}, pending: [], error: null }),
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => ({ refId: context.refId }),
        onDone: {
          target: 'answering',
          description: 'The stored answers are filled in.',
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
          description: 'The answers could not be read.',
          actions: assign({ error: ({ event }) => failureText(event.error, 'read the answers') }),
        },
      },
    },
    loadFailed: {
      description: 'Says why the answers could not be read; Try Again.',
      tags: ['error'],
      on: {
        'demo.retry': { target: 'loadingAnswers', description: 'Read the answers again.' },
        'respondent.changed': {
          target: 'loadingAnswers',
          description: 'Start over with another reference id.',
          actions: assign({ refId: ({ event }) => event.refId }),
        },
      },
    },
    answering: {
      description: 'The questions are shown and answered.',
      initial: 'saved',
      states: {
        saved: {
          description: 'Every shown answer is stored.',
          on: {
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              description: 'An answer changed; it is stored once typing settles.',
              actions: { type: 'recordAnswer', params: answerOf },
            },
            'respondent.changed': {
              target: '#treeDemo.loadingAnswers',
              description: 'Start over with another reference id.',
              actions: assign({ refId: ({ event }) => event.refId }),
            },
          },
        },
        waiting: {
          description: 'Answers changed; waiting for typing to settle.',
          after: { ANSWER_SAVE_DELAY: { target: 'saving', description: 'Typing settled.' } },
          on: {
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              reenter: true,
              description: 'Another change restarts the wait.',
              actions: { type: 'recordAnswer', params: answerOf },
            },
          },
        },
        saving: {
          description: 'Stores the pending answers.',
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
                description: 'Answers changed while storing; store those too.',
                actions: { type: 'keepSaved', params: ({ event }) => event.output },
              },
              {
                target: 'saved',
                description: 'Every answer is stored.',
                actions: { type: 'keepSaved', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'failed',
              description: 'An answer could not be stored.',
              actions: assign({
                error: ({ event }) => failureText(event.error, 'store the answer'),
              }),
            },
          },
          on: {
            // Stopping the call now would lose the ids it creates; the change waits its turn.
            'answer.changed': {
              guard: 'isQuestion',
              description: 'Kept; stored after the current save.',
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
              description: 'Store the pending answers again.',
              actions: assign({ error: null }),
            },
            'answer.changed': {
              guard: 'isQuestion',
              target: 'waiting',
              description: 'Answering on stores everything pending once typing settles.',
              actions: [{ type: 'recordAnswer', params: answerOf }, assign({ error: null })],
            },
            'respondent.changed': {
              target: '#treeDemo.loadingAnswers',
              description: 'Start over with another reference id; unsaved answers are dropped.',
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
