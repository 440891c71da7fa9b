import {
  newServiceMachine,
  type NewServiceEvent,
  type NewServiceSnapshot,
} from '../machines/newService.machine'
import { canCreateService, newServiceErrors } from '../machines/newService.messages'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

/** What the server answers to Create: the service as made from the form's name and key. */
export const createdService = aService({
  key: 'crm-desk',
  name: 'CRM Desk',
  description: '',
  url: '',
})
/** The form's fields as the dialog labels them. */
export const LABELS = { name: 'Name', key: 'Key', description: 'Description', url: 'Url' } as const

function shows(s: NewServiceSnapshot): string {
  if (!s.hasTag('open'))
    return s.hasTag('created')
      ? `No dialog; the new service /services/${s.context.created?.id} opens`
      : "No dialog; 'Add Service' is on"
  const { fields } = s.context
  const typed = Object.entries(LABELS)
    .filter(([field]) => fields[field as keyof typeof LABELS] !== '')
    .map(([field, label]) => `${label} “${fields[field as keyof typeof LABELS]}”`)
  const malformed = Object.values(newServiceErrors(fields)).filter(Boolean)
  return [
    "The 'New Service' form",
    typed.length ? typed.join(', ') : 'every field empty',
    ...(s.context.fields.key !== '' && !s.context.keyEdited ? ['the key made from the name'] : []),
    `the access token timeout at ${fields.accessTokenTimeout}`,
    ...malformed.map((message) => `“${message}”`),
    s.can({ type: 'newService.create' }) ? 'Create is on' : 'Create is off',
    messageLine(s),
  ].join('; ')
}

export const newServicePaths = definePaths({
  name: 'Add Service',
  machine: newServiceMachine,
  // The access slider moves by one arrow key: up from 1, down from 2.
  events: (s) =>
    [
      { type: 'newService.open' },
      { type: 'newService.cancel' },
      { type: 'newService.create' },
      // A name makes the key ('crm-desk'); a typed key is the component test's (services.test).
      { type: 'newService.edit', field: 'name', value: 'CRM Desk' },
      { type: 'newService.edit', field: 'url', value: 'crm.example' },
      { type: 'newService.edit', field: 'url', value: 'https://crm.example.com' },
      {
        type: 'newService.setTimeout',
        field: 'accessTokenTimeout',
        value: s.context.fields.accessTokenTimeout === 1 ? 2 : 1,
      },
      { type: 'xstate.done.actor.createService', output: createdService },
      {
        type: 'xstate.error.actor.createService',
        error: refusal(409, "The key 'crm-desk' is already used by another service."),
      },
      { type: 'xstate.error.actor.createService', error: refusal(500, 'AN ERROR OCCURRED') },
    ] as unknown as NewServiceEvent[],
  // Create is off until there is a key: the person cannot press it, so no path does.
  filterEvents: (s, event) =>
    event.type !== 'newService.create' || !s.hasTag('open') || canCreateService(s.context.fields),
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.hasTag('open') ? s.context.fields : null,
      s.hasTag('open') ? s.context.keyEdited : null,
      s.context.error,
      s.context.created?.id ?? null,
    ]),
  ),
  shows,
  detail: (event) =>
    event.type === 'newService.edit'
      ? `(${LABELS[event.field]} “${event.value}”)`
      : event.type === 'newService.setTimeout'
        ? `(to ${event.value})`
        : undefined,
})

export const models = [newServicePaths]
