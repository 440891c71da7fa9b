import { describe, expect, it } from 'vitest'
import { catalog } from '../../../src/catalog'
import { coverageOfMachine, descriptionsOf, loadMachine } from '../../../src/flows/machinePaths'

/**
 * Honest coverage (docs/flows.md): every transition definition of every production machine (each
 * guarded branch, always, after, invoke done and error) is taken by some path of its model-based
 * test, replayed on the production machine; and every state and transition says what it means.
 */
describe.each(catalog)('$id statechart', (entry) => {
  it('has its paths take every transition, and the machine takes every step of them', async () => {
    const coverage = coverageOfMachine(await loadMachine(entry))
    expect({ missing: coverage.missing, refused: coverage.refused }).toEqual({
      missing: [],
      refused: [],
    })
  })

  it('describes every state and every transition', async () => {
    expect(descriptionsOf((await loadMachine(entry)).graph).undescribed).toEqual([])
  })
})
