import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import type { TimeoutField } from '../../../../schema/service-fields'
import { updateServiceField } from '../../../data/api/services'
import { keptService } from '../../../data/db/services'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { timeoutNotSavedNotice, timeoutSavedNotice } from './serviceTimeout.messages'
import { notify } from '../../../kit/machines/system'

export type { TimeoutField }

type TimeoutContext = {
  serviceId: string
  field: TimeoutField
  /** What the slider shows: the saved value, or where the person moved it. */
  value: number
  /** The value the server last confirmed; a refused change goes back to it. */
  saved: number
  /** What the last save replaced: Undo saves it back. Null before any save. */
  previous: number | null
  error: string | null
}

export type TimeoutEvent =
  | { type: 'timeout.change'; value: number }
  | { type: 'timeout.commit'; value: number }
  | { type: 'timeout.undo' }

export type TimeoutInput = { serviceId: string; field: TimeoutField; value: number }

/** The slider's events carry its value: the context takes it. */
const takeValue = assign<TimeoutContext, TimeoutEvent, undefined, TimeoutEvent, never>({
  value: ({ context, event }) => ('value' in event ? event.value : context.value),
})

type SaveInput = { serviceId: string; field: TimeoutField; value: number }

type PutField = (
  id: string,
  field: TimeoutField,
  value: number,
  options: { signal: AbortSignal },
) => Promise<Service>

/**
 * The chart's effect: the PUT of the one field, its answer then kept in the cache. Tests swap the
 * call (`serviceTimeoutMachine.provide({ actors: timeoutActors(stub) })`).
 */
export const timeoutActors = (put: PutField = (...args) => updateServiceField(...args)) => ({
  saveTimeout: fromPromise<Service, SaveInput>(({ input, signal }) =>
    keptService(put(input.serviceId, input.field, input.value, { signal })),
  ),
})

/**
 * A token-timeout slider of the service detail (SPEC.md §5 'Service timeouts'): moving it changes
 * the value shown; letting go saves it at once; a refusal puts the slider back with the message.
 */
export const serviceTimeoutMachine = setup({
  types: {
    context: {} as TimeoutContext,
    events: {} as TimeoutEvent,
    input: {} as TimeoutInput,
  },
  actors: timeoutActors(),
  guards: {
    canUndo: ({ context }) => context.previous !== null && context.previous !== context.saved,
  },
  actions: {
    notifySaved: notify(({ context }: { context: TimeoutContext }) =>
      timeoutSavedNotice(context.serviceId, context.field),
    ),
    notifyNotSaved: notify(({ context }: { context: TimeoutContext }) =>
      timeoutNotSavedNotice(context.field, context.error),
    ),
  },
}).createMachine({
  id: 'serviceTimeout',
  meta: { spec: ['§2.11', '§5.17'] },
  description: 'Saves a token timeout when its slider is let go.',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    field: input.field,
    value: input.value,
    saved: input.value,
    previous: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: "The slider shows the saved value; after a save, 'Undo' beside it.",
      on: {
        'timeout.undo': {
          guard: 'canUndo',
          target: 'saving',
          description: "'Undo' was pressed: the value before the last save is saved again.",
          actions: assign({ value: ({ context }) => context.previous ?? context.value }),
        },
        'timeout.change': {
          target: 'adjusting',
          description: 'The person began dragging the slider.',
          actions: takeValue,
        },
        'timeout.commit': {
          target: 'saving',
          // A key press commits before it reports the change.
          description: 'An arrow, Home or End key moved the slider.',
          actions: takeValue,
        },
      },
    },
    adjusting: {
      description: 'The person is moving the slider; the value follows it.',
      entry: assign({ error: null }),
      on: {
        'timeout.change': {
          description: 'The slider moved again.',
          actions: takeValue,
        },
        'timeout.commit': {
          target: 'saving',
          // The slider commits only a value other than the one it started from.
          description: 'The slider was let go.',
          actions: takeValue,
        },
      },
    },
    saving: {
      description: 'The server saves the value; drags wait for the answer, key presses do not.',
      tags: ['busy'],
      entry: assign({ error: null }),
      on: {
        'timeout.commit': {
          target: 'saving',
          reenter: true,
          // Leaving the state aborts the older request; each PUT sets the whole value.
          description: 'Another key press while saving: the newer value is sent instead.',
          actions: takeValue,
        },
      },
      invoke: {
        id: 'saveTimeout',
        src: 'saveTimeout',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          field: context.field,
          value: context.value,
        }),
        onDone: {
          target: 'idle',
          description:
            "The server saved the value; a notice says 'The … timeout was saved', and 'Undo' shows.",
          actions: [
            assign(({ context, event }) => ({
              value: event.output[context.field],
              saved: event.output[context.field],
              previous: context.saved,
            })),
            'notifySaved',
          ],
        },
        onError: {
          target: 'failed',
          description:
            "The server refused the value: the slider goes back; a notice says 'The … timeout was not saved', and why.",
          actions: [
            assign({
              value: ({ context }) => context.saved,
              error: ({ event }) => serverMessage(event.error),
            }),
            'notifyNotSaved',
          ],
        },
      },
    },
    failed: {
      description: 'The save was refused: the slider is back at the saved value, with the message.',
      tags: ['error'],
      on: {
        'timeout.change': {
          target: 'adjusting',
          description: 'The person began dragging it to another value.',
          actions: takeValue,
        },
        'timeout.commit': {
          target: 'saving',
          // A key press commits before it reports the change.
          description: 'An arrow, Home or End key moved the slider.',
          actions: takeValue,
        },
      },
    },
  },
})

export type ServiceTimeoutActor = ActorRefFrom<typeof serviceTimeoutMachine>
export type ServiceTimeoutSnapshot = SnapshotFrom<typeof serviceTimeoutMachine>
