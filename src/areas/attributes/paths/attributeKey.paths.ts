import { createEmptyActor, initialTransition, transition } from 'xstate'
import { isNewId } from '../../../../schema/attribute-rules'
import {
  attributeKeyMachine,
  type AttributeKeyEvent,
  type AttributeKeySnapshot,
} from '../machines/attributeKey.machine'
import {
  draftErrors,
  hasDraftErrors,
  isChanged,
  liveOptions,
  unsavedOptions,
  usesOptions,
} from '../machines/attributeKey.draft'
import type { KeySaveOutput } from '../machines/attributeKeySave.machine'
import { CONTROL_TYPE_LABELS, TYPE_LABELS } from '../machines/attributeKey.labels'
import { replay } from '../../../flows/replay'
import { green, paint, red, swatch } from './attributes.fixtures'
import { definePaths, pathEvents, testMachineOf, type ModelPath } from '../../../flows/model'

const fixedEvents = [
  { type: 'xstate.done.actor.loadKey', output: { key: paint, options: [red, green] } },
  { type: 'xstate.done.actor.loadKey', output: { key: undefined, options: [] } },
  { type: 'xstate.error.actor.loadKey', error: new Error('The database is closed.') },
  { type: 'key.edit', field: 'name', value: 'Paint colour' },
  { type: 'key.changeType', value: 'BOOLEAN' },
  { type: 'key.chooseControlType', value: 'SELECT' },
  { type: 'key.configure', changes: { inputOrientation: 'Vertical' } },
  { type: 'key.chooseImage', file: swatch },
  { type: 'key.imageRejected', message: 'Too many files' },
  { type: 'key.removeImage' },
  { type: 'option.add' },
  { type: 'option.edit', id: red.id, field: 'label', value: 'Crimson' },
  { type: 'option.remove', id: green.id },
  { type: 'option.move', from: 1, to: 0 },
  { type: 'option.chooseImage', id: red.id, file: swatch },
  { type: 'option.removeImage', id: red.id },
  { type: 'key.save' },
  { type: 'key.close' },
]

/** What the save sequence hands back (attributeKeySave.paths.ts models it step by step). */
function saveOutput(s: AttributeKeySnapshot, failed: boolean): KeySaveOutput {
  const { keyId, draft, saved, imageFile, options, savedOptions } = s.context
  if (failed)
    return {
      ...{ keyId, draft, saved, imageFile, options, savedOptions },
      failure: { step: 'Saving the key', message: 'You are not allowed to do this.' },
    }
  // Everything stored: a new option has its real id, the server has what was sent.
  const stored = options
    .filter((o) => !(o.deleted && isNewId(o.id)))
    .map((o, i) =>
      isNewId(o.id)
        ? { ...o, id: `0193a1b2-0000-7000-9000-${String(i).padStart(12, '0')}`, imageFile: null }
        : { ...o, imageFile: null },
    )
  return {
    keyId: keyId ?? paint.id,
    draft,
    saved: draft,
    imageFile: null,
    options: stored,
    savedOptions: Object.fromEntries(stored.map((o) => [o.id, o])),
    failure: null,
  }
}

/** The save's end: everything stored, or a refused step. */
const saveEnd = (s: AttributeKeySnapshot, failed: boolean) => ({
  type: 'xstate.done.actor.save',
  failed,
  output: saveOutput(s, failed),
})

const keyEvents = (s: AttributeKeySnapshot) =>
  [...fixedEvents, saveEnd(s, false), saveEnd(s, true)] as unknown as AttributeKeyEvent[]

/** Few enough serialized states to drive each in the view: what decides the next step, not every keystroke. */
function serialize(
  s: AttributeKeySnapshot,
  event: { type: string } | undefined,
  previous: AttributeKeySnapshot | undefined,
) {
  const c = s.context
  const via =
    event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''
  if (s.status === 'done') return `${JSON.stringify(s.value)}${via}`
  const queue = unsavedOptions(c.draft, c.options, c.savedOptions)
  return (
    JSON.stringify([
      s.value,
      s.matches('editing') ? event?.type : null,
      c.draft.type,
      c.imageFile !== null,
      Math.min(queue.length, 3),
      queue.some((i) => c.options[i]?.imageFile),
      c.keyId !== null && c.keyId !== paint.id,
      c.failure?.step ?? null,
      isChanged(c.draft, c.saved, c.imageFile, c.options, c.savedOptions) &&
        !hasDraftErrors(draftErrors(c.draft, c.options)),
    ]) + via
  )
}

const input = { keyId: paint.id, tree: createEmptyActor() }
const testMachine = testMachineOf(attributeKeyMachine)
type KeyPath = ModelPath<typeof attributeKeyMachine>

/**
 * Replays a path's events from the start. The graph keeps one snapshot per serialized state, and
 * the serialization here is coarse (so that the graph stays small): the snapshots a path carries
 * may be another path's. Replaying gives the real ones, and the answers the server would give to
 * them; a path that no longer holds (a guard says no) is dropped.
 */
function live(path: KeyPath): KeyPath | null {
  let [state] = initialTransition(testMachine, input)
  const steps: KeyPath['steps'] = [{ event: { type: 'xstate.init' } as never, state }]
  for (const step of path.steps.slice(1)) {
    const end = step.event as { type: string; failed?: boolean }
    const event = (
      end.type === 'xstate.done.actor.save' ? saveEnd(state, !!end.failed) : step.event
    ) as AttributeKeyEvent
    if (!state.can(event)) return null
    ;[state] = transition(testMachine, state, event)
    steps.push({ event, state })
  }
  return { ...path, state, steps }
}

const atomicIds = (snapshot: AttributeKeySnapshot) =>
  (snapshot._nodes as { id: string; states: object }[])
    .filter((n) => Object.keys(n.states).length === 0)
    .map((n) => n.id)

/**
 * What one path exercises: the atomic states it reaches, the (state, event) pairs it takes, and
 * the transition definitions the production machine takes for it (each guarded branch apart).
 */
function exercised(path: KeyPath): Set<string> {
  const found = new Set<string>()
  let previous: AttributeKeySnapshot | undefined
  for (const step of path.steps) {
    atomicIds(step.state).forEach((id) => found.add(id))
    if (previous) atomicIds(previous).forEach((id) => found.add(`${id} + ${step.event.type}`))
    previous = step.state
  }
  for (const step of replay(attributeKeyMachine, input, pathEvents(path)).steps)
    step.taken.forEach((key) => found.add(key))
  return found
}

/**
 * The few lived paths that together reach every state and take every transition (greedy set
 * cover): each is driven through the real dialog, so each must earn its place.
 */
function covering(all: KeyPath[]): KeyPath[] {
  const paths = all.map(live).filter((p): p is KeyPath => p !== null)
  const covers = paths.map(exercised)
  const left = new Set(covers.flatMap((c) => [...c]))
  const chosen: KeyPath[] = []
  while (left.size > 0) {
    let best = -1
    let gain = 0
    covers.forEach((cover, index) => {
      const g = [...cover].filter((item) => left.has(item)).length
      const shorter = (paths[index]?.steps.length ?? 0) < (paths[best]?.steps.length ?? Infinity)
      if (g > gain || (g === gain && g > 0 && shorter)) {
        best = index
        gain = g
      }
    })
    if (best < 0) break
    covers[best]?.forEach((item) => left.delete(item))
    chosen.push(paths[best] as KeyPath)
  }
  return chosen
}

/** The dialog as a person sees it: the form's main fields, the options, Save, the message. */
function shows(s: AttributeKeySnapshot): string | undefined {
  if (s.matches('loading')) return "The 'AttributeKey' dialog reads “Loading…”; Save is off"
  if (s.matches('missing'))
    return "The 'AttributeKey' dialog says the key is not in the local data; only Close is on"
  if (s.matches('saving')) return "The 'AttributeKey' dialog; Save and Close are off while it saves"
  if (!s.matches('editing')) return 'The dialog has closed'
  const { draft, options, failure, dropError } = s.context
  const control = draft.controlType ? CONTROL_TYPE_LABELS[draft.controlType] : 'none chosen'
  const parts = [
    `The 'AttributeKey' dialog: Name “${draft.name}”, Type ${TYPE_LABELS[draft.type] ?? draft.type}, Control Type ${control}`,
  ]
  if (usesOptions(draft))
    parts.push(
      `options ${
        liveOptions(options)
          .map((o) => `“${o.label || o.value}”`)
          .join(', ') || 'none'
      }`,
    )
  parts.push(s.can({ type: 'key.save' }) ? 'Save is on' : 'Save is off')
  if (failure) parts.push(`the message reads “${failure.step} failed: ${failure.message}”`)
  if (dropError) parts.push(`the drop zone says “${dropError}”`)
  return parts.join('; ')
}

// The config fields as the dialog labels them (ConfigFields.tsx).
const CONFIG_LABELS: Record<string, string> = {
  descreteValues: 'Values',
  min: 'Min',
  max: 'Max',
  step: 'Step',
  unit: 'Unit',
  rows: 'Rows',
  inputOrientation: 'Orientation',
}
const configValue = (value: unknown) =>
  value === true ? 'Discrete Values' : value === false ? 'Freeform' : String(value)

/** What a person picks, in the dialog's words. */
function detail(event: AttributeKeyEvent): string | undefined {
  switch (event.type) {
    case 'key.changeType':
      return `“${TYPE_LABELS[event.value] ?? event.value}”`
    case 'key.chooseControlType':
      return `“${CONTROL_TYPE_LABELS[event.value]}”`
    case 'key.configure':
      return Object.entries(event.changes)
        .map(([field, value]) => `${CONFIG_LABELS[field] ?? field} “${configValue(value)}”`)
        .join(', ')
    case 'key.edit':
    case 'option.edit':
      return `${event.field} “${event.value}”`
    case 'option.move':
      return `from position ${event.from + 1} to ${event.to + 1}`
    case 'key.imageRejected':
      return `(${event.message})`
    default:
      return undefined
  }
}

export const attributeKeyPaths = definePaths({
  name: 'AttributeKey dialog',
  machine: attributeKeyMachine,
  // Paint, a saved discrete STRING radio with two options, opened from the tree.
  input,
  events: keyEvents,
  serializeState: serialize,
  select: covering,
  shows,
  detail,
})

export const models = [attributeKeyPaths]
