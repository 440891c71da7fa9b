import type { KeyWithOptions } from '../../../data/db/attributeKeys'
import {
  keyDemoMachine,
  type KeyDemoEvent,
  type KeyDemoSnapshot,
} from '../machines/keyDemo.machine'
import { aKey, anOption } from './attributes.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'

/** Size, a discrete STRING radio with Small and Large. */
export const size = aKey(5, {
  name: 'Size',
  prompt: 'Which size?',
  type: 'STRING',
  controlType: 'RADIO',
  config: '{"descreteValues":true}',
})
const small = anOption(51, size.id, 'Small', 's', { sortOrder: 0 })
const large = anOption(52, size.id, 'Large', 'l', { sortOrder: 1 })
const found: KeyWithOptions = { key: size, options: [small, large] }
// Saved elsewhere meanwhile: a new prompt, one option fewer.
const renamed: KeyWithOptions = { key: { ...size, prompt: 'Pick a size' }, options: [small] }
const missing: KeyWithOptions = { key: undefined, options: [] }

const events = [
  { type: 'demo.loaded', found },
  { type: 'demo.loaded', found: renamed },
  { type: 'demo.loaded', found: missing },
  { type: 'demo.failed', error: new Error('The database is closed.') },
] as unknown as KeyDemoEvent[]

/** The dialog as a person sees it: the key's question and its choices, or why there is none. */
function shows(s: KeyDemoSnapshot): string | undefined {
  if (s.matches({ watching: 'loading' })) return "The 'AttributeKey Demo' dialog reads “Loading…”"
  if (s.matches({ watching: 'shown' }))
    return (
      `The 'AttributeKey Demo' dialog asks “${s.context.key?.prompt ?? ''}” with ` +
      `${s.context.options.map((o) => `“${o.label}”`).join(', ')}; only Close is offered`
    )
  return "The 'AttributeKey Demo' dialog says the key is not in the local data"
}

export const keyDemoPaths = definePaths({
  name: 'AttributeKey Demo dialog',
  machine: keyDemoMachine,
  events,
  input: { keyId: size.id },
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.key?.prompt ?? null])),
  shows,
  detail: (event) =>
    event.type === 'demo.loaded'
      ? event.found.key
        ? `(prompt “${event.found.key.prompt ?? ''}”, ${event.found.options.length} options)`
        : '(no such key)'
      : undefined,
})

export const models = [keyDemoPaths]
