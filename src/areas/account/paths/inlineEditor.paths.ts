import type { Service } from '../../../../schema/service'
import type { User } from '../../../../schema/user'
import {
  hasErrors,
  inlineEditorMachine,
  type EditorEvent,
  type EditorRecord,
  type EditorSnapshot,
  type EditorSpec,
} from '../../../kit/machines/inlineEditor.machine'
import {
  emailEditor,
  nameEditor,
  phoneEditor,
  type EditedUser,
  type EditorSpec as ProfileEditorSpec,
} from '../../../kit/machines/profileEditors'
import {
  serviceDescriptionEditor,
  serviceKeyEditor,
  serviceNameEditor,
  serviceUrlEditor,
  type ServiceEditorSpec,
  type ServiceTextField,
} from '../../services'
import { definePaths, type PathsModel, withWayIn } from '../../../flows/model'
import { savedUser } from './profile.fixtures'
import { selfUser } from '../../../kit/fixtures/users.fixtures'
import { aService, refusal, savedService } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

/** One editor's model and what its row shows: its title, its inputs' labels, the closed value. */
export type EditorCase<R extends EditorRecord, S extends EditorSpec<R> = EditorSpec<R>> = {
  spec: S
  /** 'Name': the row's label; lowercased, the icons' and the form's names ('Edit name'). */
  title: string
  /** Each input's label, by field. */
  labels: Record<string, string>
  /** What the closed row shows for a record. */
  display: (record: R) => string
  paths: PathsModel<typeof inlineEditorMachine>
}

type Definition<R extends EditorRecord, S extends EditorSpec<R>> = Omit<
  EditorCase<R, S>,
  'paths'
> & {
  record: R
  /** What the person types, field by field. */
  changes: { field: string; value: string }[]
  /** The server's answer to a save, and its refusal. */
  output: R
  refused: Error
}

// Passwords show as dots, as on screen.
const shown = (field: string, value: string) =>
  value === '' ? 'empty' : field === 'password' ? '••••••' : `“${value}”`

function editorCase<R extends EditorRecord, S extends EditorSpec<R>>(
  where: string,
  d: Definition<R, S>,
): EditorCase<R, S> {
  const thing = d.title.toLowerCase()
  const events = [
    { type: 'editor.open' },
    { type: 'editor.cancel' },
    { type: 'editor.save' },
    ...d.changes.map((change) => ({ type: 'editor.fieldChanged', ...change })),
    { type: 'xstate.done.actor.saveRecord', output: d.output },
    { type: 'xstate.error.actor.saveRecord', error: d.refused },
  ] as unknown as EditorEvent[]
  const spec = d.spec as unknown as EditorSpec
  const record = (s: EditorSnapshot) => s.context.record as R
  return {
    spec: d.spec,
    title: d.title,
    labels: d.labels,
    display: d.display,
    paths: definePaths({
      name: `${where}: ${thing}`,
      machine: inlineEditorMachine,
      events,
      input: { spec, record: d.record },
      // Only what the chart takes: a refused Save Changes would otherwise be a node of its own
      // (it arrives without a change of state), a step the production machine does not take.
      filterEvents: (s, event) => s.can(event),
      // What the screen can show: the state, the saved value, and (while open) the inputs.
      // Arriving by another transition is another node, so that every transition is taken.
      serializeState: withWayIn((s) =>
        JSON.stringify([
          s.value,
          d.spec.fields(record(s)),
          s.matches('closed') ? null : s.context.fields,
          s.context.error,
        ]),
      ),
      shows: (s) => {
        if (s.matches('closed')) return `${d.title}: ${d.display(record(s))}; the edit icon`
        const inputs = Object.entries(d.labels).map(
          ([field, label]) => `${label} ${shown(field, s.context.fields[field] ?? '')}`,
        )
        const valid = !hasErrors(spec.errors(s.context.fields))
        return [
          `The 'Edit ${thing}' form: ${inputs.join(', ')}`,
          s.hasTag('busy')
            ? 'Save Changes and the cancel icon are off'
            : s.can({ type: 'editor.save' })
              ? 'Save Changes is on'
              : `Save Changes is off (${valid ? 'nothing changed' : 'a rule fails'})`,
          messageLine(s),
        ].join('; ')
      },
      detail: (event) =>
        event.type === 'editor.fieldChanged'
          ? `${d.labels[event.field] ?? event.field} ${event.value === '' ? 'emptied' : `now ${shown(event.field, event.value)}`}`
          : undefined,
    }),
  }
}

// --- Profile: Personal Info ----------------------------------------------------------------------

/** The signed-in user whose Personal Info the editors change; a phone, so its row has a number. */
export const profileEditorUser = selfUser({ phone: '5551234567' })
const savedProfile = (changes: Partial<User>) =>
  savedUser(profileEditorUser, { ...changes, updatedAt: '2026-02-01T00:00:00.000Z' })
const wrongPassword = refusal(401, 'The password is not correct.')
const PASSWORD = 'Gatehouse#2026'

export const profileEditors = {
  name: editorCase<EditedUser, ProfileEditorSpec>('Profile', {
    spec: nameEditor,
    title: 'Name',
    labels: { nameFirst: 'First Name', nameLast: 'Last Name' },
    display: (u) => `${u.nameFirst} ${u.nameLast}`,
    record: profileEditorUser,
    changes: [
      { field: 'nameFirst', value: 'Grace' },
      { field: 'nameLast', value: '' },
    ],
    output: savedProfile({ nameFirst: 'Grace' }),
    refused: refusal(422, 'First and last name are both required.'),
  }),
  email: editorCase<EditedUser, ProfileEditorSpec>('Profile', {
    spec: emailEditor,
    title: 'Email',
    labels: { email: 'Email', password: 'Current Password' },
    display: (u) => u.email,
    record: profileEditorUser,
    changes: [
      { field: 'email', value: 'Grace@Example.com' },
      { field: 'email', value: 'grace@' },
      { field: 'password', value: PASSWORD },
    ],
    output: savedProfile({ email: 'grace@example.com' }),
    refused: wrongPassword,
  }),
  phone: editorCase<EditedUser, ProfileEditorSpec>('Profile', {
    spec: phoneEditor,
    title: 'Phone',
    labels: { phone: 'Phone', password: 'Current Password' },
    // Spelled out rather than formatPhone's: the test checks the screen against it.
    display: (u) =>
      u.phone
        ? `(${u.phone.slice(0, 3)}) ${u.phone.slice(3, 6)} - ${u.phone.slice(6)}`
        : 'Not Provided',
    record: profileEditorUser,
    changes: [
      { field: 'phone', value: '' },
      { field: 'phone', value: '555.987.654' },
      { field: 'phone', value: '555.987.6543' },
      { field: 'password', value: PASSWORD },
    ],
    output: savedProfile({ phone: null }),
    // The codes go to the phone: the server asks for the password as it does for the address.
    refused: wrongPassword,
  }),
}

// --- A service's details -------------------------------------------------------------------------

/** The service whose details the editors change. */
export const editedService = aService()

const serviceCase = (
  spec: ServiceEditorSpec,
  title: string,
  values: string[],
  refused: Error,
): EditorCase<Service, ServiceEditorSpec> => {
  const field: ServiceTextField = spec.key
  return editorCase<Service, ServiceEditorSpec>('Service', {
    spec,
    title,
    labels: { [field]: title },
    display: (service) => service[field],
    record: editedService,
    changes: values.map((value) => ({ field, value })),
    output: savedService(editedService, { [field]: values.at(-1) }),
    refused,
  })
}

export const serviceEditors: Record<ServiceTextField, EditorCase<Service, ServiceEditorSpec>> = {
  name: serviceCase(
    serviceNameEditor,
    'Name',
    ['', 'Customer Hub'],
    refusal(409, 'Restore the service before editing it.'),
  ),
  description: serviceCase(
    serviceDescriptionEditor,
    'Description',
    ['', 'Accounts and contacts'],
    refusal(500, 'AN ERROR OCCURRED'),
  ),
  key: serviceCase(
    serviceKeyEditor,
    'Key',
    ['', 'crm two', 'billing'],
    refusal(409, "The key 'billing' is already used by another service."),
  ),
  url: serviceCase(
    serviceUrlEditor,
    'Url',
    ['', 'crm.example.com', 'https://hub.example.com'],
    refusal(422, 'URL: Must be an absolute http:// or https:// URL.'),
  ),
}

export const models = [...Object.values(profileEditors), ...Object.values(serviceEditors)].map(
  (c) => c.paths,
)
