import type { ReadablePath, ReadableStep } from './model'
import { lowerFirst } from './pathText'

export type PathFormat = 'md' | 'json' | 'gherkin' | 'csv'
export const PATH_FORMATS: PathFormat[] = ['md', 'json', 'gherkin', 'csv']

/** What a file of one machine's paths says about the machine. */
export type MachineHeading = { id: string; description?: string; strategy: string }

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * Markdown: a heading per path (its title says what happens), the start, then a numbered list of
 * steps, each with what the screen shows and the state the machine is in.
 */
export function toMarkdown(machine: MachineHeading, paths: ReadablePath[]): string {
  const out = [`# ${machine.id}`, '']
  if (machine.description) out.push(oneLine(machine.description), '')
  out.push(`${paths.length} ${paths.length === 1 ? 'path' : 'paths'} (${machine.strategy}).`, '')
  for (const path of paths) {
    out.push(`## ${path.id}: ${path.title}`, '')
    out.push(`Start: ${path.start.checkpoint || path.start.state}`)
    if (path.start.screen) out.push(`  Screen: ${path.start.screen}`)
    out.push('')
    for (const step of path.steps) {
      out.push(`${step.index}. ${oneLine(step.action)}`)
      // What to check first: the screen; then the state the model is in, and what it means.
      if (step.screen) out.push(`   - Screen: ${oneLine(step.screen)}`)
      out.push(`   - State: \`${step.state}\`: ${oneLine(step.checkpoint || step.state)}`)
    }
    out.push('')
  }
  return out.join('\n')
}

/** One machine's heading and paths: an entry of the JSON document (docs/flows-paths.schema.json). */
export type MachinePathsDocument = { machine: MachineHeading; paths: ReadablePath[] }

/**
 * JSON: one document, `{ machines: [{ machine, paths }] }`, however many machines it holds, so a
 * tool parses any output the same way (the schema is docs/flows-paths.schema.json).
 */
export function toJsonDocument(machines: MachinePathsDocument[]): string {
  return `${JSON.stringify({ machines }, null, 2)}\n`
}

export function toJson(machine: MachineHeading, paths: ReadablePath[]): string {
  return toJsonDocument([{ machine, paths }])
}

// A free-text Gherkin line must not read as a keyword, comment, tag, table or doc string.
const KEYWORD =
  /^(Feature|Rule|Background|Scenario|Example|Scenario Outline|Examples|Given|When|Then|And|But)\b|^[#@|*]|^"""|^```/
const gherkinText = (text: string) => {
  const line = oneLine(text)
  return KEYWORD.test(line) ? `— ${line}` : line
}

// What a person does, in the present tense, where a description reads '<thing> was <done>'.
const PRESENT: Record<string, string> = {
  'checked or unchecked': 'checks or unchecks',
  'dropped or chosen': 'drops or chooses',
  'turned on': 'turns on',
  'turned off': 'turns off',
  'swiped down': 'swipes down',
  'shift-clicked': 'shift-clicks',
  clicked: 'clicks',
  pressed: 'presses',
  typed: 'types',
  picked: 'picks',
  chosen: 'chooses',
  changed: 'changes',
  edited: 'edits',
  emptied: 'empties',
  ticked: 'ticks',
  cleared: 'clears',
  dropped: 'drops',
  selected: 'selects',
  opened: 'opens',
  dragged: 'drags',
  moved: 'moves',
  hovered: 'hovers over',
}
// 'The person typed in a field' → 'the person types in a field'.
const DID: Record<string, string> = {
  typed: 'types',
  ticked: 'ticks',
  picked: 'picks',
  chose: 'chooses',
  moved: 'moves',
  changed: 'changes',
  'gave up': 'gives up',
}
const DONE = new RegExp(
  ` was (${Object.keys(PRESENT)
    .map((k) => k.replace(/[-]/g, '\\-'))
    .join('|')})\\b`,
)

/**
 * A step as a Gherkin `When`: what the person does ('the person presses Login …'), or how the
 * server answers ('the server answers: it refused the code …'), or that time passes.
 */
export function whenText(step: Pick<ReadableStep, 'action' | 'trigger'>): string {
  const action = oneLine(step.action)
  if (step.trigger === 'answer') {
    const rest = /^The server (.*)$/.exec(action)?.[1]
    return rest ? `the server answers: it ${rest}` : `the answer comes: ${lowerFirst(action)}`
  }
  if (step.trigger === 'time') return `time passes: ${lowerFirst(action)}`
  if (step.trigger === 'progress') return `work goes on: ${lowerFirst(action)}`
  // Only where the thing done opens the sentence: 'Login was pressed with …', not '…; X was typed'.
  const head = action.search(/[;:,]\s|\.(\s|$)/)
  const first = head > 0 ? action.slice(0, head) : action
  const match = DONE.exec(first)
  const did = /^The person (typed|ticked|picked|chose|moved|changed|gave up)\b/.exec(action)
  if (did) return `the person ${DID[did[1]!]}${action.slice(did[0].length)}`
  if (!match) return lowerFirst(action)
  const thing = lowerFirst(first.slice(0, match.index))
  return `the person ${PRESENT[match[1]!]} ${thing}${action.slice(match.index + match[0].length)}`
}

/**
 * Gherkin: one Feature per machine, one Scenario per path. `Given` what the screen shows at the
 * start, `When` what the person does (or how the server answers), `Then` what the screen shows;
 * the state and its description follow each as a comment, for whoever checks the model.
 * Where the model says nothing of the screen, `Then` is the state's description.
 */
export function toGherkin(machine: MachineHeading, paths: ReadablePath[]): string {
  const out = [`Feature: ${gherkinText(machine.id)}`]
  if (machine.description) out.push(`  ${gherkinText(machine.description)}`)
  const observed = (screen: string | undefined, checkpoint: string, state: string) =>
    screen ? `the screen shows: ${screen}` : checkpoint || `the ${state} state`
  const note = (state: string, checkpoint: string, screen: string | undefined) =>
    screen && checkpoint ? [`    # ${oneLine(`${state}: ${checkpoint}`)}`] : []
  for (const path of paths) {
    const { start } = path
    out.push('', `  Scenario: ${gherkinText(`${path.id} ${path.title}`)}`)
    out.push(`    Given ${gherkinText(observed(start.screen, start.checkpoint, start.state))}`)
    out.push(...note(start.state, start.checkpoint, start.screen))
    for (const step of path.steps) {
      out.push(`    When ${gherkinText(whenText(step))}`)
      out.push(`    Then ${gherkinText(observed(step.screen, step.checkpoint, step.state))}`)
      out.push(...note(step.state, step.checkpoint, step.screen))
    }
  }
  return `${out.join('\n')}\n`
}

const csvCell = (value: string | number) => {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const CSV_HEADER = [
  'path',
  'step',
  'action',
  'event',
  'expected state',
  'checkpoint',
  'expected screen',
]

/** CSV (RFC 4180): one row per step; step 0 is the start. */
export function toCsv(_machine: MachineHeading, paths: ReadablePath[]): string {
  const rows: (string | number)[][] = [CSV_HEADER]
  for (const path of paths) {
    rows.push([
      path.id,
      0,
      'Start',
      '',
      path.start.state,
      path.start.checkpoint,
      path.start.screen ?? '',
    ])
    for (const step of path.steps)
      rows.push([
        path.id,
        step.index,
        step.action,
        step.event,
        step.state,
        step.checkpoint,
        step.screen ?? '',
      ])
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`
}

export const formatters: Record<PathFormat, (m: MachineHeading, p: ReadablePath[]) => string> = {
  md: toMarkdown,
  json: toJson,
  gherkin: toGherkin,
  csv: toCsv,
}

export const FORMAT_EXTENSION: Record<PathFormat, string> = {
  md: 'md',
  json: 'json',
  gherkin: 'feature',
  csv: 'csv',
}
