import type { ReadablePath } from './model'

export type PathFormat = 'md' | 'json' | 'gherkin' | 'csv'
export const PATH_FORMATS: PathFormat[] = ['md', 'json', 'gherkin', 'csv']

/** What a file of one machine's paths says about the machine. */
export type MachineHeading = { id: string; description?: string; strategy: string }

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Markdown: a heading per path, the start, then a numbered list of steps with their checks. */
export function toMarkdown(machine: MachineHeading, paths: ReadablePath[]): string {
  const out = [`# ${machine.id}`, '']
  if (machine.description) out.push(oneLine(machine.description), '')
  out.push(`${paths.length} paths (${machine.strategy}).`, '')
  for (const path of paths) {
    out.push(`## ${path.id}: ${path.title}`, '')
    out.push(`Start: ${path.start.checkpoint || path.start.state}`)
    if (path.start.screen) out.push(`  Screen: ${path.start.screen}`)
    out.push('')
    for (const step of path.steps) {
      out.push(`${step.index}. ${oneLine(step.action)}`)
      out.push(`   - Then: ${oneLine(step.checkpoint || step.state)} (\`${step.state}\`)`)
      if (step.screen) out.push(`   - Screen: ${oneLine(step.screen)}`)
    }
    out.push('')
  }
  return out.join('\n')
}

export function toJson(machine: MachineHeading, paths: ReadablePath[]): string {
  return `${JSON.stringify({ machine, paths }, null, 2)}\n`
}

// A free-text Gherkin line must not read as a keyword, comment, tag, table or doc string.
const KEYWORD =
  /^(Feature|Rule|Background|Scenario|Example|Scenario Outline|Examples|Given|When|Then|And|But)\b|^[#@|*]|^"""|^```/
const gherkinText = (text: string) => {
  const line = oneLine(text)
  return KEYWORD.test(line) ? `— ${line}` : line
}

/**
 * Gherkin: one Feature per machine, one Scenario per path. Given the start, When each step's
 * action, Then the state's description, And what the screen shows.
 */
export function toGherkin(machine: MachineHeading, paths: ReadablePath[]): string {
  const out = [`Feature: ${gherkinText(machine.id)}`]
  if (machine.description) out.push(`  ${gherkinText(machine.description)}`)
  for (const path of paths) {
    out.push('', `  Scenario: ${gherkinText(`${path.id} ${path.title}`)}`)
    out.push(`    Given ${gherkinText(path.start.checkpoint || `the ${path.start.state} state`)}`)
    if (path.start.screen) out.push(`    And ${gherkinText(path.start.screen)}`)
    for (const step of path.steps) {
      out.push(`    When ${gherkinText(step.action)}`)
      out.push(`    Then ${gherkinText(step.checkpoint || `the ${step.state} state`)}`)
      if (step.screen) out.push(`    And ${gherkinText(step.screen)}`)
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
