import { assign } from 'xstate'
import { pendingAnswers } from './treeDemo.answers'
import { failureText } from './treeDemo.messages'
import { answerOf, treeDemoSetup } from './treeDemo.setup'

/**
 * The tree demo's `answering` state: answers show at once and are stored a moment after typing
 * settles; a change during a save waits its turn, and a refused save can be tried again.
 */
export const answering = treeDemoSetup.createStateConfig({
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
})
