import type { EventObject } from 'xstate'
import type { LoadedMachine } from '../machinePaths'
import {
  buildPaths,
  pathEvents,
  readablePaths,
  type ReadablePath,
  type ReadableStep,
  type Strategy,
} from '../model'
import { greedyCover } from '../covering'
import { replay } from '../replay'
import { actionCode, checkCode, quote } from './render'
import {
  isAnswer,
  type Action,
  type ScreenScript,
  type Start,
  type StateChecks,
} from './screenScript'
import { SUPPORT_FILE } from './support'

/** One path as the spec drives it: each step's code, or why a real server cannot follow it. */
type DrivenStep = { step: ReadableStep; actions: Action[]; answer: boolean; checks: StateChecks }
type Driven = { path: ReadablePath; start: Start; startChecks: StateChecks; steps: DrivenStep[] }
export type LeftOut = { path: ReadablePath; why: string }

export type PlaywrightSpecs = {
  machine: string
  /** The spec's file name and text; none when no path can be driven. */
  spec?: { file: string; text: string }
  driven: number
  leftOut: LeftOut[]
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The events of each path, with the real snapshots the production machine reaches. */
function modelPaths(loaded: LoadedMachine, strategy: Strategy) {
  const paths = loaded.models.flatMap((model) => {
    const built = buildPaths(model, strategy)
    const readable = readablePaths(model, built.paths, loaded.graph)
    return built.paths.map((path, i) => {
      const events = pathEvents(path)
      const run = replay(model.machine, model.input, events).steps
      const snapshots = run.map((s) => s.snapshot)
      const taken = new Set(run.flatMap((s) => s.taken))
      return { model: model.name, readable: readable[i]!, events, snapshots, taken }
    })
  })
  // Numbered across the machine's models, as `npm run paths` numbers them.
  paths.forEach((p, i) => (p.readable.id = `${loaded.graph.id}-${i + 1}`))
  return paths
}

/** What each answer of the path needs from the earlier steps (e.g. 'real credentials'). */
function needsOf(script: ScreenScript, events: EventObject[]): Set<string> | string {
  const needs = new Set<string>()
  for (const event of events.filter(isAnswer)) {
    const answer = script.answer(event)
    if ('notDrivable' in answer) return answer.notDrivable
    if (answer.needs) needs.add(answer.needs)
  }
  return needs
}

function drive(script: ScreenScript, path: ReturnType<typeof modelPaths>[number]): Driven | string {
  const start = script.start(path.model)
  if ('notDrivable' in start) return start.notDrivable
  const needs = needsOf(script, path.events)
  if (typeof needs === 'string') return needs
  const steps: DrivenStep[] = []
  for (const [i, event] of path.events.entries()) {
    const step = path.readable.steps[i]!
    const snapshot = path.snapshots[i + 1]
    if (!snapshot) return `step ${i + 1} is refused by the machine`
    const checks = script.checks(snapshot)
    if (isAnswer(event)) {
      steps.push({ step, actions: [], answer: true, checks })
      continue
    }
    const driven = script.event(event, needs, path.snapshots[i]!)
    if ('notDrivable' in driven) return driven.notDrivable
    steps.push({ step, actions: driven.actions, answer: false, checks })
  }
  return { path: path.readable, start, startChecks: script.checks(path.snapshots[0]!), steps }
}

const indent = (lines: string[], by: string) =>
  lines.flatMap((l) => l.split('\n')).map((l) => (l ? by + l : l))

const checkLines = (checks: StateChecks, state: string, checkpoint: string): string[] => {
  const head = `// Then: ${oneLine(checkpoint || state)} (${state})`
  if (!Array.isArray(checks)) return [head, `// Not checked: ${oneLine(checks.passing)}`]
  return [head, ...checks.map(checkCode)]
}

/** A plain object as a literal: `{ name: 'Paint', deleted: true }`. */
function objectCode(value: unknown): string {
  if (typeof value === 'string') return quote(value)
  if (Array.isArray(value)) return `[${value.map(objectCode).join(', ')}]`
  if (value && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : quote(k)}: ${objectCode(v)}`)
      .join(', ')} }`
  return String(value)
}

const pathCode = (start: string) =>
  start.includes('{') ? `\`${start.replace(/\{([\w.]+)\}/g, '${$1}')}\`` : quote(start)

/** Before the screen opens: signing in and what the spec makes through the API. */
function setupLines(start: Start): string[] {
  const lines: string[] = []
  if (start.signedIn) lines.push('await signIn(page, gatehouse)')
  for (const made of start.setup ?? [])
    lines.push(
      `const ${made.as} = await make${made.make[0]!.toUpperCase()}${made.make.slice(1)}(page, ${objectCode(made.with)})`,
    )
  return lines
}

function startLines(driven: Driven): string[] {
  const { start, path } = driven
  const lines = [`await page.goto(${pathCode(start.path)})`]
  lines.push(...(start.open ?? []).map(actionCode))
  lines.push(...checkLines(driven.startChecks, path.start.state, path.start.checkpoint))
  return lines
}

function stepLines({ actions, answer, checks, step }: DrivenStep): string[] {
  const lines = answer ? ['// The server answers; nothing to do on the screen.'] : []
  lines.push(...actions.map(actionCode))
  lines.push(...checkLines(checks, step.state, step.checkpoint))
  return lines
}

function testCode(driven: Driven): string[] {
  const body: string[] = [
    ...setupLines(driven.start),
    `await test.step(${quote(`Start: ${oneLine(driven.path.start.checkpoint || driven.path.start.state)}`)}, async () => {`,
    ...indent(startLines(driven), '  '),
    '})',
  ]
  for (const s of driven.steps)
    body.push(
      `await test.step(${quote(`${s.step.index}. ${oneLine(s.step.action)}`)}, async () => {`,
      ...indent(stepLines(s), '  '),
      '})',
    )
  const code = body.join('\n')
  const fixtures = ['page', ...(code.includes('gatehouse') ? ['gatehouse'] : [])]
  return [
    `test(${quote(`${driven.path.id}: ${driven.path.title}`)}, async ({ ${fixtures.join(', ')} }) => {`,
    ...indent(body, '  '),
    '})',
  ]
}

function specText(loaded: LoadedMachine, strategy: Strategy, driven: Driven[], leftOut: LeftOut[]) {
  const id = loaded.graph.id
  const tests = driven.map(testCode)
  const code = tests.flat().join('\n')
  const helpers = ['test', 'unique', 'signIn', 'makeService', 'makeAttributeKey'].filter(
    (name) => name === 'test' || code.includes(`${name}(`),
  )
  const lines = [
    `// Written by \`npm run paths -- ${id} --format playwright --strategy ${strategy}\` from the`,
    `// paths of ${id} and its screen script (docs/flows-playwright.md). Do not edit: generate again.`,
    `// Run: GATEHOUSE_URL=<url> GATEHOUSE_USERNAME=<email> GATEHOUSE_PASSWORD=<password> npx playwright test <dir>`,
    `import { expect } from '@playwright/test'`,
    `import { ${helpers.join(', ')} } from './${SUPPORT_FILE.replace(/\.ts$/, '')}'`,
    '',
    `test.describe(${quote(`${id}: ${oneLine(loaded.graph.description ?? id)}`)}, () => {`,
  ]
  if (leftOut.length) {
    lines.push('  // Left out, a real server cannot give what they need on demand:')
    for (const l of leftOut) lines.push(`  // - ${l.path.id} (${l.path.title}): ${oneLine(l.why)}`)
    lines.push('')
  }
  tests.forEach((t, i) => lines.push(...(i ? [''] : []), ...indent(t, '  ')))
  lines.push('})', '')
  return lines.join('\n')
}

/**
 * The Playwright spec of one machine: one test per path a real Gatehouse can follow, each step a
 * `test.step` titled with the step's action, then its checks. Paths whose answers or events no
 * real server gives on demand are left out, each with the reason.
 */
export function playwrightSpecs(
  loaded: LoadedMachine,
  script: ScreenScript,
  strategy: Strategy = 'shortest',
): PlaywrightSpecs {
  // A cover of what a real server can follow is chosen among the shortest paths: the covering
  // paths of the whole model mix steps a run can take with steps it cannot.
  const all = modelPaths(loaded, strategy === 'cover' ? 'shortest' : strategy).map((path) => ({
    path,
    result: drive(script, path),
    steps: path.events,
  }))
  let chosen = all
  if (strategy === 'cover') {
    const drivable = all.filter((p) => typeof p.result !== 'string')
    const others = all.filter((p) => typeof p.result === 'string')
    const covering = greedyCover(
      drivable,
      drivable.map((p) => p.path.taken),
      { shorterOnTie: true },
    )
    const covered = new Set(covering.flatMap((p) => [...p.path.taken]))
    // Left out: the fewest paths that take what no driven path takes, each with its reason.
    const missing = others.map((p) => new Set([...p.path.taken].filter((k) => !covered.has(k))))
    chosen = [...covering, ...greedyCover(others, missing, { shorterOnTie: true })]
  }
  const driven: Driven[] = []
  const leftOut: LeftOut[] = []
  for (const { path, result } of chosen)
    if (typeof result === 'string') leftOut.push({ path: path.readable, why: result })
    else driven.push(result)
  const machine = loaded.graph.id
  if (!driven.length) return { machine, driven: 0, leftOut }
  return {
    machine,
    spec: { file: `${machine}.spec.ts`, text: specText(loaded, strategy, driven, leftOut) },
    driven: driven.length,
    leftOut,
  }
}
