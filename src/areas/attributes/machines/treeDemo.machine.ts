import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { treeDemoSetup } from './treeDemo.setup'
import { answering } from './treeDemo.answering'
import { failureText } from './treeDemo.messages'
import { finalState } from '../../../kit/machines/finalState'

export type { PendingAnswer } from './treeDemo.answers'
export { ANSWER_SAVE_DELAY, type DemoEvent, type DemoInput } from './treeDemo.setup'

export const UNREADABLE = 'The attribute cache could not be read. Reload the page to try again.'

/**
 * The whole-tree demo (issue 6): a respondent walks a root's questions; conditions include and
 * exclude items as answers change (treeDemo.walk.ts), and the answers are stored as AttributeValue
 * strings against a reference id, a moment after typing stops.
 */
export const treeDemoMachine = treeDemoSetup.createMachine({
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
    answering,
    unreadable: finalState('The attribute cache could not be read; the page says so.', {
      tags: ['error'],
    }),
  },
})

export type TreeDemoActor = ActorRefFrom<typeof treeDemoMachine>
export type TreeDemoSnapshot = SnapshotFrom<typeof treeDemoMachine>
