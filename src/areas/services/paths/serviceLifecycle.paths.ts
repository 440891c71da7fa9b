import {
  serviceLifecycleMachine,
  type LifecycleEvent,
  type ServiceLifecycleSnapshot,
} from '../machines/serviceLifecycle.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, refusal, savedService } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

export const activeService = aService()
export const deletedService = aService({ deleted: true })

// Confirm and cancel answer whichever dialog is open; the chart tells them apart.
const events = [
  { type: 'service.delete' },
  { type: 'service.restore' },
  { type: 'service.confirm' },
  { type: 'service.cancel' },
  {
    type: 'xstate.done.actor.deleteService',
    output: savedService(activeService, { deleted: true }),
  },
  { type: 'xstate.error.actor.deleteService', error: refusal(500, 'AN ERROR OCCURRED') },
  {
    type: 'xstate.done.actor.restoreService',
    output: savedService(activeService, { deleted: false }),
  },
  { type: 'xstate.error.actor.restoreService', error: refusal(404, 'There is no such service.') },
] as unknown as LifecycleEvent[]

const serializeState = withWayIn((s: ServiceLifecycleSnapshot) =>
  JSON.stringify([s.value, s.context.deleted, s.context.error]),
)

function shows(s: ServiceLifecycleSnapshot): string {
  const { name } = s.context
  const dialog = s.hasTag('deleteDialog')
    ? { title: `Delete ${name}?`, confirm: 'Delete' }
    : s.hasTag('restoreDialog')
      ? { title: `Restore ${name}?`, confirm: 'Restore' }
      : null
  if (!dialog)
    return s.context.deleted
      ? "The pane marked 'Deleted', read-only, with Restore"
      : 'The pane with its edit icons and Delete'
  const on = s.hasTag('busy') ? 'off' : 'on'
  return [
    `The dialog '${dialog.title}'`,
    `${dialog.confirm} and Cancel are ${on}`,
    messageLine(s),
  ].join('; ')
}

// What both models share; they differ in the service the pane opens on.
const lifecycle = { machine: serviceLifecycleMachine, events, serializeState, shows }

export const serviceLifecyclePaths = definePaths({
  ...lifecycle,
  name: 'An active service',
  input: { service: activeService },
})

/**
 * The pane opened on a service deleted before: it starts at Restore. Its paths end once the
 * service is active again; from there on they are the active service's.
 */
export const deletedServiceLifecyclePaths = definePaths({
  ...lifecycle,
  name: 'A service deleted before the pane opened',
  input: { service: deletedService },
  stopWhen: (s) => s.matches('active'),
})

export const models = [serviceLifecyclePaths, deletedServiceLifecyclePaths]
