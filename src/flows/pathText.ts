import type { AnyMachineSnapshot } from 'xstate'

// The words of a readable path (model.ts): who makes a step happen, a description's placeholders
// filled with what the screen shows, and a title that says what happens.

/** Who makes a step happen: the person, the server (or another actor) answering, time passing. */
export type StepTrigger = 'person' | 'answer' | 'time' | 'progress'

/** Whose move an event is: XState names an invoked actor's end, a delay and a child's progress. */
export function triggerOf(eventType: string): StepTrigger {
  if (/^xstate\.(done|error)\.actor\./.test(eventType)) return 'answer'
  if (eventType.startsWith('xstate.after.')) return 'time'
  if (eventType.startsWith('xstate.snapshot.')) return 'progress'
  return 'person'
}

/** What a model says its placeholders stand for in a snapshot ('{name}' → 'Paint'). */
export type Values = Record<string, string | number | undefined>

// A placeholder's value from the context: its field of that name, or that field of one of its
// objects ('{name}' from `name`, `role.name`, `fields.name`); '{reason}' is the error shown.
function contextValue(snapshot: AnyMachineSnapshot, key: string): string | undefined {
  const context = snapshot.context as Record<string, unknown> | undefined
  if (!context || typeof context !== 'object') return undefined
  const plain = (v: unknown) =>
    typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined
  const own = plain(context[key === 'reason' ? 'error' : key])
  if (own !== undefined) return own
  for (const value of Object.values(context))
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = plain((value as Record<string, unknown>)[key])
      if (inner !== undefined) return inner
    }
  return undefined
}

/**
 * Fills a description's placeholders ('{name} was created') with what the screen shows in the
 * given snapshots, the first that has a value winning; one with no value stays as it is (a test
 * holds every catalog path free of them).
 */
export function fillPlaceholders(
  text: string,
  snapshots: (AnyMachineSnapshot | undefined)[],
  values?: (snapshot: AnyMachineSnapshot) => Values,
): string {
  if (!text.includes('{')) return text
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => {
    for (const snapshot of snapshots) {
      if (!snapshot) continue
      const given = values?.(snapshot)[key]
      if (given !== undefined && given !== '') return String(given)
      const found = contextValue(snapshot, key)
      if (found !== undefined) return found
    }
    return whole
  })
}

const TITLE_LENGTH = 90

// The head of a step's action: 'The server accepted the password; the account has…' → its first
// clause, without the event's detail in brackets.
function clause(action: string): string {
  const head = action.split(' Then: ')[0]!.replace(/\s*\([^()]*\)\.?$/, '')
  const cut = head.search(/;\s|\.(\s|$)/)
  const text = (cut > 0 ? head.slice(0, cut) : head).trim()
  if (text.length <= TITLE_LENGTH) return text
  return `${text.slice(0, text.lastIndexOf(' ', TITLE_LENGTH - 1)).replace(/[\s,:;]+$/, '')}…`
}

/** 'The server …' → 'the server …' inside a sentence; names ('Login was pressed') keep their capital. */
export const lowerFirst = (text: string) =>
  /^(The|A|An|Another|One|It|Its|Each|Every|Some|No)\b/.test(text)
    ? text[0]!.toLowerCase() + text.slice(1)
    : text

/**
 * A path's title says what happens: the action that led to the last state it reaches, then its
 * last action when that came later ('The server refused the code (2 steps)').
 */
export function pathTitle(steps: { action: string; state: string }[], start: string): string {
  const last = steps.at(-1)
  if (!last) return 'The start only (0 steps)'
  let turn = steps.length - 1
  while (turn > 0 && steps[turn - 1]!.state === last.state) turn--
  const reached = steps[turn]!.state === start && turn === 0 ? last : steps[turn]!
  const what =
    reached === last
      ? clause(last.action)
      : `${clause(reached.action)}, then ${lowerFirst(clause(last.action))}`
  return `${what} (${steps.length} ${steps.length === 1 ? 'step' : 'steps'})`
}
