import type { AnyMachineSnapshot, EventObject } from 'xstate'
import {
  byRole,
  defineScreenScript,
  inside,
  type AnswerScript,
  type Check,
  type EventScript,
  type Target,
} from '../../../flows/playwright/screenScript'
import type { ServiceLifecycleSnapshot } from '../machines/serviceLifecycle.machine'
import { activeService, deletedServiceLifecyclePaths } from './serviceLifecycle.paths'

const pane = byRole('region', 'Service detail')
const button = (name: string) => inside(pane, byRole('button', name, { exact: true }))
const dialog = (verb: 'Delete' | 'Restore'): Target =>
  byRole('alertdialog', { made: `\`${verb} \${service.name}?\`` })
const inDialog = (verb: 'Delete' | 'Restore', name: string) =>
  inside(dialog(verb), byRole('button', name, { exact: true }))

const verbOf = (s: ServiceLifecycleSnapshot) => (s.hasTag('restoreDialog') ? 'Restore' : 'Delete')

/** Confirm and Cancel press the open dialog's button; which dialog is open, the chart knows. */
function event(sent: EventObject, _needs: unknown, before: AnyMachineSnapshot): EventScript {
  const verb = verbOf(before as ServiceLifecycleSnapshot)
  switch (sent.type) {
    case 'service.delete':
      return { actions: [{ click: button('Delete') }] }
    case 'service.restore':
      return { actions: [{ click: button('Restore') }] }
    case 'service.confirm':
      return { actions: [{ click: inDialog(verb, verb) }] }
    case 'service.cancel':
      return { actions: [{ click: inDialog(verb, 'Cancel') }] }
    default:
      return { notDrivable: `${sent.type} is not on this screen` }
  }
}

function answer(event: EventObject): AnswerScript {
  return event.type.startsWith('xstate.done.actor.')
    ? {}
    : { notDrivable: 'it needs the server to refuse a change it takes on demand' }
}

function checks(snapshot: AnyMachineSnapshot) {
  const s = snapshot as ServiceLifecycleSnapshot
  if (s.hasTag('busy'))
    return { passing: 'the server answers before a check could see the dialog wait' }
  if (s.hasTag('deleteDialog') || s.hasTag('restoreDialog')) {
    const verb = verbOf(s)
    return [
      { visible: dialog(verb) },
      { enabled: inDialog(verb, verb) },
      { enabled: inDialog(verb, 'Cancel') },
    ] satisfies Check[]
  }
  return [
    { hidden: byRole('alertdialog') },
    s.context.deleted ? { visible: button('Restore') } : { visible: button('Delete') },
    s.context.deleted ? { hidden: button('Delete') } : { hidden: button('Restore') },
  ] satisfies Check[]
}

/**
 * The service's detail (/services/{id}) on a service the spec makes through the API: active, or
 * deleted before the pane opens for the second model.
 */
export const script = defineScreenScript({
  machine: 'serviceLifecycle',
  start: (model) => ({
    path: '/services/{service.id}',
    signedIn: true,
    setup: [
      {
        make: 'service',
        as: 'service',
        with: {
          name: activeService.name,
          ...(model === deletedServiceLifecyclePaths.name ? { deleted: true } : {}),
        },
      },
    ],
  }),
  event,
  answer,
  checks,
})
