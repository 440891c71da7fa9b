import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect } from '@playwright/test'
import { testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'

const root = resolve(import.meta.dirname, '../../..')

// Its own server: the generated specs fail a sign-in on purpose, which counts against the
// address's throttle that other specs on a shared server sign in through.
const test = testWithServer()

type Report = { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }

/** The environment of a nested run: none of this run's worker variables. */
const nestedEnv = (env: Record<string, string>) => {
  const own = Object.entries(process.env).filter(
    ([name]) => !/^(TEST_|PW_|PWTEST_|PLAYWRIGHT_(?!BROWSERS_PATH))/.test(name),
  )
  return { ...Object.fromEntries(own), ...env }
}

test('paths written as Playwright specs compile, and the login ones pass against a real server', ({
  server,
}) => {
  test.setTimeout(240_000)
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-paths-playwright-'))
  try {
    const machines = ['login', 'forgotPassword', 'serviceLifecycle', 'attributeKey']
    const generated = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/paths.ts', ...machines, '--format', 'playwright', '--out', dir],
      { cwd: root, encoding: 'utf8' },
    )
    expect(generated.status, generated.stderr).toBe(0)
    const written = /login\.spec\.ts: (\d+) tests, (\d+) paths left out/.exec(generated.stdout)
    expect(written, generated.stdout).not.toBeNull()
    const tests = Number(written![1])
    expect(tests).toBeGreaterThanOrEqual(2)
    // Each path left out has its line on stderr, with the reason.
    expect(generated.stderr.match(/^login-\d+ \(.+\): left out: .+\.$/gm)).toHaveLength(
      Number(written![2]),
    )

    // What was written compiles as the repository's own end-to-end specs do (strict, no any).
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    const config = {
      extends: join(root, 'tsconfig.node.json'),
      compilerOptions: { noUnusedLocals: true },
      include: [join(dir, '*.ts')],
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config))
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir],
      {
        encoding: 'utf8',
      },
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.spec.ts'))
        .sort(),
    ).toEqual(machines.map((m) => `${m}.spec.ts`).sort())

    // The command a person runs, from the repository's root; the report goes to a file of ours,
    // the results beside it (Playwright empties its output directory: not this run's).
    const report = join(dir, 'report.json')
    const run = spawnSync(
      'npx',
      [
        'playwright',
        'test',
        join(dir, 'login.spec.ts'),
        '--reporter=json',
        '--workers=1',
        `--output=${join(dir, 'out')}`,
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: nestedEnv({
          GATEHOUSE_URL: server.url,
          GATEHOUSE_USERNAME: ADMIN.email,
          GATEHOUSE_PASSWORD: ADMIN.password,
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        }),
      },
    )
    expect(run.status, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`).toBe(0)
    const { stats } = JSON.parse(readFileSync(report, 'utf8')) as Report
    expect(stats).toMatchObject({ expected: tests, unexpected: 0, skipped: 0, flaky: 0 })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
