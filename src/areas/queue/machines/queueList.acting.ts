/**
 * An action on a message or an account: the confirmation that cancel and unlock ask first, then
 * the server doing it, with a notice either way.
 */
import { assign } from 'xstate'
import { queueListSetup } from './queueList.setup'

/** `confirming` and `acting`, spread into the Queue chart's states. */
export const actingStates = {
  confirming: queueListSetup.createStateConfig({
    description: "The confirmation ('Cancel this message?', 'Unlock Ada Lovelace?').",
    tags: ['open'],
    on: {
      'queue.changed': {
        actions: 'markMissed',
        description: 'The outbox changed meanwhile: the list is read again once the dialog closes.',
      },
      'queue.confirm': { target: 'acting', description: "The dialog's action was pressed." },
      'queue.dismiss': {
        target: 'ready',
        description: 'Cancel was pressed (or Escape, or a click outside).',
        actions: assign({ request: null }),
      },
    },
  }),
  acting: queueListSetup.createStateConfig({
    description: 'The server does it; buttons wait (an open dialog keeps its buttons off).',
    tags: ['busy', 'acting'],
    invoke: {
      id: 'act',
      src: 'act',
      input: ({ context }) => ({ request: context.request! }),
      onDone: {
        target: 'refreshing',
        description: 'Done: a notice says so (and the checks go), and the queue is read again.',
        actions: ['notifyDone', 'clearUnlocked'],
      },
      onError: {
        target: 'ready',
        description: 'The server refused: a notice says why.',
        actions: ['recordActionError', 'notifyFailed', assign({ request: null })],
      },
    },
    on: {
      'queue.changed': {
        actions: 'markMissed',
        description: 'The outbox changed meanwhile: the list is read again after it.',
      },
    },
  }),
}
