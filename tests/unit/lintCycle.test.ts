import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph } from '../../scripts/lint-cycles'

const root = decodeURIComponent(new URL('../..', import.meta.url).pathname)

/** The rules (and file) of every message ESLint gives `code` as if it stood at `filePath`. */
async function lintAs(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: root })
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((message) => message.ruleId)
}

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

/** import-x skips `import type` by design; scripts/lint-cycles.ts (in `npm run lint`) does not. */
describe('type-only import cycles (scripts/lint-cycles.ts)', () => {
  it('finds a cycle made of type-only imports', () => {
    const cycles = findCycles(importGraph([`${root}tests/unit/fixtures/typeCycle`]))
    expect(cycles.map((cycle) => cycle.map((file) => file.slice(root.length)))).toEqual([
      ['tests/unit/fixtures/typeCycle/first.ts', 'tests/unit/fixtures/typeCycle/second.ts'],
    ])
  })

  it('finds none in the console, the schema, the server and the scripts', () => {
    const roots = ['src', 'schema', 'server', 'scripts'].map((folder) => `${root}${folder}`)
    expect(findCycles(importGraph(roots))).toEqual([])
  })
})

/** The console's layout by area (docs/architecture.md), held by eslint.config.js. */
describe('ESLint zones of the console', () => {
  const view = 'src/areas/users/views/UsersPage.tsx'

  it('refuses an import from inside another area', async () => {
    const code =
      "import { RevokeDialog } from '../../sessions/views/RevokeDialog'\nexport { RevokeDialog }\n"
    expect(await lintAs(view, code)).toContain('import-x/no-restricted-paths')
  }, 60_000)

  it("allows the same through that area's index.ts", async () => {
    const code = "import { RevokeDialog } from '../../sessions'\nexport { RevokeDialog }\n"
    expect(await lintAs(view, code)).not.toContain('import-x/no-restricted-paths')
  }, 60_000)

  it('refuses an area in kit/, and the catalog in an area', async () => {
    const inKit =
      "import { RevokeDialog } from '../../../areas/sessions'\nexport { RevokeDialog }\n"
    expect(await lintAs('src/kit/views/list/RecordCount.tsx', inKit)).toContain(
      'import-x/no-restricted-paths',
    )
    const catalog = "import { catalog } from '../../../catalog'\nexport { catalog }\n"
    expect(await lintAs(view, catalog)).toContain('import-x/no-restricted-paths')
  }, 60_000)

  it('refuses a state name read in a view (.matches)', async () => {
    const code =
      "declare const snapshot: { matches(state: string): boolean }\nexport const open = snapshot.matches('open')\n"
    expect(await lintAs(view, code)).toContain('no-restricted-syntax')
  }, 60_000)
})
