import { describe, expect, it } from 'vitest'
import { script as loginScript } from '../../../src/areas/sign-in/paths/login.screen'
import { catalog } from '../../../src/catalog'
import { loadMachine } from '../../../src/flows/machinePaths'
import { playwrightSpecs } from '../../../src/flows/playwright/generate'
import type { ScreenScript } from '../../../src/flows/playwright/screenScript'
import { SUPPORT_FILE } from '../../../src/flows/playwright/support'
import { writePlaywrightSpecs, type SpecsOutput } from '../../../src/flows/playwright/writeSpecs'

const entry = (id: string) => catalog.find((e) => e.id === id)!
const loginSpecs = async () => playwrightSpecs(await loadMachine(entry('login')), loginScript)

/** The tests of a spec: each title with the code up to the next test. */
const testsOf = (text: string) =>
  text
    .split(/\n {2}test\(/)
    .slice(1)
    .map((chunk) => ({ title: /^'([^']+)'/.exec(chunk)?.[1] ?? '', code: chunk }))

function recorder() {
  const files = new Map<string, string>()
  const warnings: string[] = []
  const logged: string[] = []
  const out: SpecsOutput = {
    write: (file, text) => void files.set(file, text),
    log: (line) => void logged.push(line),
    warn: (line) => void warnings.push(line),
  }
  return { files, warnings, logged, out }
}

describe('Playwright specs from the paths', () => {
  it('writes the login spec: a real sign-in and a refused one, step by step, through accessible names', async () => {
    const { spec, driven } = await loginSpecs()
    const text = spec!.text
    expect(spec!.file).toBe('login.spec.ts')
    expect(driven).toBeGreaterThanOrEqual(2)
    expect(text).toContain(`import { expect } from '@playwright/test'`)
    expect(text).toContain(`from './gatehouse'`)
    expect(text).not.toMatch(/\bany\b|getByTestId|data-testid/)

    const tests = testsOf(text)
    expect(tests).toHaveLength(driven)
    for (const { title, code } of tests) {
      expect(title).toMatch(/^login-\d+: /)
      // The start, then each step numbered in order, each titled with its action.
      const steps = [...code.matchAll(/test\.step\('(\d+)\. /g)].map((m) => Number(m[1]))
      expect(code).toMatch(/test\.step\('Start: /)
      expect(steps).toEqual(steps.map((_, i) => i + 1))
      expect(code).toContain(`await page.goto('/login')`)
    }

    // The path that signs in types the run's account and lands on Home.
    const signsIn = tests.find((t) => t.code.includes('fill(gatehouse.username)'))!
    expect(signsIn.code).toContain(
      `getByLabel('Password', { exact: true }).fill(gatehouse.password)`,
    )
    expect(signsIn.code).toContain(`getByRole('button', { name: 'Login' }).click()`)
    expect(signsIn.code).toContain(`await expect(page).toHaveURL(new RegExp('/home$'))`)
    // The refused one types an address no account has, and sees SPEC.md's message.
    const refused = tests.find((t) => t.code.includes(`fill(unique('Ada@Example.com'))`))!
    expect(refused.code).toContain(`fill('correct horse')`)
    expect(refused.code).toContain(
      `await expect(page.getByText('Incorrect Login. Try Again.', { exact: true })).toBeVisible()`,
    )
    // A state the screen passes through too fast says so instead of a check that races it.
    expect(text).toContain('// Not checked: the server answers the sign-in')
  })

  it('leaves out the paths a real server cannot follow, each with its reason', async () => {
    const { spec, leftOut } = await loginSpecs()
    expect(leftOut.length).toBeGreaterThan(0)
    const reasons = new Set(leftOut.map((l) => l.why))
    expect([...reasons].some((why) => why.includes('passkey'))).toBe(true)
    expect([...reasons].some((why) => why.includes('second factor'))).toBe(true)
    for (const { path } of leftOut) {
      expect(spec!.text).toContain(`// - ${path.id} (`)
      expect(spec!.text).not.toContain(`test('${path.id}: `)
    }
    // Nothing in a driven test presses the passkey button or types a security code.
    const code = spec!.text
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n')
    expect(code).not.toMatch(/passkey|Validate Code/i)
  })

  it('says a machine cannot be driven from the screen, and writes nothing for it', async () => {
    const { files, warnings, out } = recorder()
    const written = await writePlaywrightSpecs(
      [entry('flowsChart')],
      'cover',
      () => Promise.resolve(undefined),
      out,
    )
    expect(written).toBe(0)
    expect(files.size).toBe(0)
    expect(warnings).toEqual([
      'flowsChart: cannot be driven from the screen: it has no screen script (flowsChart.screen.ts beside its paths module); no spec written.',
    ])

    // A script none of whose paths a real server can follow is the same answer.
    const never: ScreenScript = { ...loginScript, answer: () => ({ notDrivable: 'never' }) }
    const none = recorder()
    expect(
      await writePlaywrightSpecs([entry('login')], 'cover', () => Promise.resolve(never), none.out),
    ).toBe(0)
    expect(none.files.size).toBe(0)
    expect(none.warnings.at(-1)).toBe(
      'login: cannot be driven from the screen: no path of it can be; no spec written.',
    )
  })

  it('writes gatehouse.ts beside the specs it wrote', async () => {
    const { files, logged, out } = recorder()
    const load = (id: string) => Promise.resolve(id === 'login' ? loginScript : undefined)
    expect(
      await writePlaywrightSpecs([entry('login'), entry('flowsList')], 'cover', load, out),
    ).toBe(1)
    expect([...files.keys()].sort()).toEqual([SUPPORT_FILE, 'login.spec.ts'])
    expect(files.get(SUPPORT_FILE)).toContain('GATEHOUSE_URL')
    expect(logged).toEqual([
      expect.stringMatching(/^login\.spec\.ts: \d+ tests, \d+ paths left out$/),
    ])
  })
})
