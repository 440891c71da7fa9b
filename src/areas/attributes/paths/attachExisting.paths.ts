import {
  attachExistingMachine,
  type AttachEvent,
  type AttachExistingSnapshot,
} from '../machines/attachExisting.machine'
import { refusal } from './attributes.fixtures'
import { aLink, ID, SAMPLE } from './attributeTree.fixtures'
import { definePaths } from '../../../flows/model'

const spareLink = aLink(ID.linkNew, ID.kSpare, null, 0)

const events = [
  { type: 'attach.search', text: 'spa' },
  { type: 'attach.choose', keyId: ID.kSpare },
  { type: 'attach.submit' },
  { type: 'attach.cancel' },
  { type: 'xstate.done.actor.linkKey', output: spareLink },
  {
    type: 'xstate.error.actor.linkKey',
    error: refusal(422, 'Only ROOT keys sit at the top level.'),
  },
] as unknown as AttachEvent[]

const nameOf = (keyId: string | null) => SAMPLE.keys.find((k) => k.id === keyId)?.name

/** The dialog as a person sees it: the search, the picked key, Add, the message. */
function shows(s: AttachExistingSnapshot): string | undefined {
  if (s.matches('linked')) return 'The dialog has closed; the tree shows the new item, selected'
  if (s.matches('closed')) return 'The dialog has closed; nothing was linked'
  const { search, keyId, error } = s.context
  return [
    `The 'Add Existing' dialog: search ${search ? `“${search}”` : 'empty'}`,
    keyId ? `${nameOf(keyId) ?? 'a key'} is picked` : 'no key picked',
    s.matches('linking')
      ? 'Add is off while the server links it'
      : keyId
        ? 'Add is on'
        : 'Add is off',
    ...(error ? [`the message reads “${error}”`] : []),
  ].join('; ')
}

export const attachExistingPaths = definePaths({
  name: 'Add Existing at the top level',
  machine: attachExistingMachine,
  events,
  // Opened from the tree's Add button: the key goes to the top level.
  input: { parentId: null },
  // Add with no key picked does nothing (the button is off): not a step of its own.
  filterEvents: (s, event) => s.can(event),
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.search, s.context.keyId, s.context.error]) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  shows,
  detail: (event) =>
    event.type === 'attach.search'
      ? `“${event.text}”`
      : event.type === 'attach.choose'
        ? `(${nameOf(event.keyId) ?? event.keyId})`
        : undefined,
})

export const models = [attachExistingPaths]
