import { describe, expect, it } from 'vitest'
// SPEC.md sits beside the checkout, where `npm run paths -- --coverage --by requirement` reads it.
import spec from '../../../../shared/SPEC.md?raw'
import { catalog } from '../../../src/catalog'
import { loadMachine } from '../../../src/flows/machinePaths'
import { requirementMap } from '../../../src/flows/requirements'
import { parseSpecSections } from '../../../src/flows/specSections'

describe('the console’s statecharts against SPEC.md', () => {
  const sections = () => parseSpecSections(spec)

  it('numbers SPEC.md as the machines’ tags expect', () => {
    // Tags name sections by number: if SPEC.md moves a part, these fail before the tags mislead.
    const titles = new Map(sections().map((s) => [s.id, s.title]))
    expect(titles.get('§2.3')).toBe('Login')
    expect(titles.get('§2.11')).toBe('Services (/services, /services/{id})')
    expect(titles.get('§2.12')).toBe('Attributes (Attribute Editor)')
    expect(titles.get('§4.2')).toBe('Login')
    expect(titles.get('§4.16')).toBe('Notifications')
    expect(titles.get('§4.17.5')).toMatch(/^Saving a key creates or updates it/)
    expect(titles.get('§5.2')).toBe('Username')
    expect(titles.get('§5.22.5')).toBe('Boolean')
    expect(titles.get('§5.24')).toBe('Local query helper rules')
  })

  it('has every meta.spec name a section SPEC.md has, and the screens it describes traced', async () => {
    const machines = await Promise.all(
      catalog.map(async (entry) => ({ graph: (await loadMachine(entry)).graph, paths: [] })),
    )
    const map = requirementMap(sections(), machines)
    expect(map.unknown).toEqual([])
    const tagged = machines.filter((m) => !map.untraced.includes(m.graph.id)).length
    expect(tagged).toBeGreaterThan(0)
    const machinesOf = (id: string) => map.rows.find((r) => r.section.id === id)?.machines
    expect(machinesOf('§2.3')).toContain('login')
    expect(machinesOf('§4.7')).toContain('forgotPassword')
    expect(machinesOf('§4.9')).toContain('serviceLifecycle')
    expect(machinesOf('§4.16')).toEqual(['notifications', 'notification'])
  })
})
