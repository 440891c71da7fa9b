import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = decodeURIComponent(new URL('../..', import.meta.url).pathname)

/**
 * `import-x/no-cycle` once saw no TypeScript module at all (import-x skipped every extension it had
 * no parser for), so a cycle passed `npm run lint`. This lints a deliberate cycle with the project's
 * own eslint.config.js; the fixture is ignored by the normal run.
 */
describe('ESLint import cycles', () => {
  it('reports a cycle between two TypeScript modules', async () => {
    const eslint = new ESLint({ cwd: root, ignore: false })
    const results = await eslint.lintFiles(['tests/unit/fixtures/cycle/*.ts'])
    const cycles = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'import-x/no-cycle')
        .map(() => result.filePath.slice(root.length)),
    )
    expect(cycles.sort()).toEqual([
      'tests/unit/fixtures/cycle/first.ts',
      'tests/unit/fixtures/cycle/second.ts',
    ])
  }, 60_000)
})
