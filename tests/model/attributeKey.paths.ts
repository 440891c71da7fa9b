import { isNewId } from '../../schema/attribute-rules'
import {
  attributeKeyMachine,
  type AttributeKeyEvent,
  type AttributeKeySnapshot,
} from '../../src/machines/attributeKey.machine'
import {
  draftErrors,
  hasDraftErrors,
  isChanged,
  unsavedOptions,
} from '../../src/machines/attributeKey.draft'
import { createEmptyActor, initialTransition, transition } from 'xstate'
import type { KeySaveOutput } from '../../src/machines/attributeKeySave.machine'
import { createTestModel } from 'xstate/graph'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { green, paint, red, swatch } from '../../src/flows/paths/attributes.fixtures'

export { green, paint, red, swatch }

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

/** What the save sequence hands back (attributeKeySave.model.test.ts drives it step by step). */
function saveOutput(s: AttributeKeySnapshot, failed: boolean): KeySaveOutput {
  const { keyId, draft, saved, imageFile, options, savedOptions } = s.context
  if (failed)
    return {
      ...{ keyId, draft, saved, imageFile, options, savedOptions },
      failure: { step: 'Saving the key', message: 'Name: must be at most 200 characters.' },
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

export const keyEvents = (s: AttributeKeySnapshot) =>
  [...fixedEvents, saveEnd(s, false), saveEnd(s, true)] as unknown as AttributeKeyEvent[]

export const testMachine = asTestMachine(attributeKeyMachine)

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

export const model = createTestModel(testMachine, {
  events: keyEvents,
  input: { keyId: paint.id, tree: createEmptyActor() },
  serializeState: serialize,
})

/** A path as the dialog will live it: each event and the snapshot after it. */
export type LivedPath = { steps: { event: AttributeKeyEvent; state: AttributeKeySnapshot }[] }

/**
 * Replays a path's events from the start. The graph keeps one snapshot per serialized state, and
 * the serialization here is coarse (so that the graph stays small): the snapshots a path carries
 * may be another path's. Replaying gives the real ones, and the answers the server would give to
 * them; a path that no longer holds (a guard says no) is dropped.
 */
export function live(path: { steps: { event: { type: string } }[] }): LivedPath | null {
  let [state] = initialTransition(testMachine, { keyId: paint.id, tree: createEmptyActor() })
  const steps: LivedPath['steps'] = [{ event: { type: 'xstate.init' } as never, state }]
  for (const step of path.steps.slice(1)) {
    const end = step.event as { type: string; failed?: boolean }
    const event = (
      end.type === 'xstate.done.actor.save' ? saveEnd(state, !!end.failed) : step.event
    ) as AttributeKeyEvent
    if (!state.can(event)) return null
    ;[state] = transition(testMachine, state, event)
    steps.push({ event, state })
  }
  return { steps }
}

const atomicIds = (snapshot: AttributeKeySnapshot) =>
  (snapshot._nodes as { id: string; states: object }[])
    .filter((n) => Object.keys(n.states).length === 0)
    .map((n) => n.id)

/** What one path exercises: the atomic states it reaches and the (state, event) pairs it takes. */
function exercised(path: LivedPath): Set<string> {
  const found = new Set<string>()
  let previous: AttributeKeySnapshot | undefined
  for (const step of path.steps) {
    atomicIds(step.state).forEach((id) => found.add(id))
    if (previous) atomicIds(previous).forEach((id) => found.add(`${id} + ${step.event.type}`))
    previous = step.state
  }
  return found
}

/**
 * The few lived paths that together reach every state and take every transition (greedy set
 * cover): each is driven through the real dialog, so each must earn its place.
 */
export function coveringPaths(): LivedPath[] {
  const paths = model
    .getShortestPaths()
    .map(live)
    .filter((p): p is LivedPath => p !== null)
  const covers = paths.map(exercised)
  const left = new Set(covers.flatMap((c) => [...c]))
  const chosen: LivedPath[] = []
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
    chosen.push(paths[best] as LivedPath)
  }
  return chosen
}
