import {
  serviceTimeoutMachine,
  type ServiceTimeoutSnapshot,
  type TimeoutEvent,
} from '../machines/serviceTimeout.machine'
import { timeoutLabel } from '../machines/serviceTimeout.messages'
import { timeoutText } from '../../../../schema/service-fields'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, refusal, savedService } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

export const timeoutService = aService({ accessTokenTimeout: 1 })
export const TIMEOUT_FIELD = 'accessTokenTimeout'
const hours = (n: number) => timeoutText(TIMEOUT_FIELD, n)

function shows(s: ServiceTimeoutSnapshot): string {
  const undo = s.can({ type: 'timeout.undo' }) && s.context.previous !== null
  return [
    `The '${timeoutLabel(s.context.field)}' slider at ${hours(s.context.value)}`,
    ...(undo ? [`'Undo' back to ${hours(s.context.previous ?? 0)}`] : []),
    messageLine(s),
  ].join('; ')
}

export const serviceTimeoutPaths = definePaths({
  name: 'The access token timeout slider',
  machine: serviceTimeoutMachine,
  // The slider commits the value it shows; the server answers the value it was sent.
  // Dragging reports only moves to another value, and commits only away from where it started
  // (so a drag never returns to the saved value here); an arrow key (idle, failed) commits the
  // next value at once: up below 5, down from 5, so that the values stay few.
  events: (s) =>
    [
      ...[5, 8]
        .filter((value) => value !== s.context.value)
        .filter((value) => !s.matches('adjusting') || value !== s.context.saved)
        .map((value) => ({ type: 'timeout.change', value })),
      {
        type: 'timeout.commit',
        value: s.matches('adjusting')
          ? s.context.value
          : s.context.value + (s.context.value < 5 ? 1 : -1),
      },
      { type: 'timeout.undo' },
      {
        type: 'xstate.done.actor.saveTimeout',
        output: savedService(timeoutService, { [TIMEOUT_FIELD]: s.context.value }),
      },
      {
        type: 'xstate.error.actor.saveTimeout',
        error: refusal(422, 'Access token timeout: must be 1 to 10.'),
      },
    ] as unknown as TimeoutEvent[],
  input: {
    serviceId: timeoutService.id,
    field: TIMEOUT_FIELD,
    value: timeoutService[TIMEOUT_FIELD],
  },
  // Undo only where it shows; a slider event only with the value the list above gives it (the
  // graph would otherwise add a bare one where the list offers none).
  filterEvents: (s, event) =>
    event.type === 'timeout.undo'
      ? s.matches('idle') && s.context.previous !== null && s.context.previous !== s.context.saved
      : !event.type.startsWith('timeout.') || 'value' in event,
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.value, s.context.error, s.context.previous]),
  ),
  shows,
  detail: (event) =>
    event.type === 'timeout.change' || event.type === 'timeout.commit'
      ? `(to ${hours(event.value)})`
      : undefined,
})

export const models = [serviceTimeoutPaths]
