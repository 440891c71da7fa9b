import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Value } from 'typebox/value'
import { pathsSchemaJson } from '../../../src/flows/pathsSchema'

const root = new URL('../../../', import.meta.url)
const schema = JSON.parse(
  readFileSync(new URL('docs/flows-paths.schema.json', root), 'utf8'),
) as Record<string, unknown>

/** `npm run paths -- …args` as a tool runs it: its stdout. */
const paths = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })

const errorsOf = (value: unknown) =>
  [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`)

describe('npm run paths -- --format json', () => {
  it('docs/flows-paths.schema.json is the schema the code declares (npm run -s paths -- --schema)', () => {
    expect(schema).toEqual(JSON.parse(pathsSchemaJson()))
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
  })

  it('prints one document for several machines, valid against the schema', () => {
    const document = JSON.parse(
      paths('login', 'forgotPassword', 'session', '--format', 'json'),
    ) as {
      machines: { machine: { id: string; strategy: string }; paths: { steps: unknown[] }[] }[]
    }
    expect(errorsOf(document)).toEqual([])
    expect(document.machines.map((m) => m.machine.id).sort()).toEqual(
      ['forgotPassword', 'login', 'session'].sort(),
    )
    for (const { machine, paths: list } of document.machines) {
      expect(machine.strategy).toBe('cover')
      expect(list.length).toBeGreaterThan(0)
    }
  })

  it('writes the same shape for one machine, as the Flows page downloads it', () => {
    const document = JSON.parse(
      paths('cookiesAccepted', '--format', 'json', '--strategy', 'shortest'),
    ) as { machines: unknown[] }
    expect(errorsOf(document)).toEqual([])
    expect(document.machines).toHaveLength(1)
  })

  it('the schema refuses the old one-document-per-machine shape and unknown fields', () => {
    const document = JSON.parse(paths('cookiesAccepted', '--format', 'json')) as {
      machines: { machine: unknown; paths: { steps: Record<string, unknown>[] }[] }[]
    }
    const [only] = document.machines
    expect(Value.Check(schema, only)).toBe(false)
    const step = only!.paths[0]!.steps[0]!
    step.surprise = true
    expect(Value.Check(schema, document)).toBe(false)
    delete step.surprise
    step.trigger = 'robot'
    expect(Value.Check(schema, document)).toBe(false)
  })
})
