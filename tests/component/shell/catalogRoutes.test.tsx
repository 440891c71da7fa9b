import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { catalog } from '../../../src/catalog'
import { routeTree } from '../../../src/routeTree.gen'

/** '/passwordReset/$slug' and the catalog's '/passwordReset/…' both read '/passwordReset/*'. */
const shape = (path: string) =>
  path
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith('$') || part === '…' ? '*' : part))
    .join('/')

const routes = new Set(
  // Only the route table is read: no guard runs, so no session is needed.
  Object.keys(createRouter({ routeTree, context: { session: undefined as never } }).routesByPath)
    .filter((path) => path !== '/$')
    .map(shape),
)

/** The routes a catalog entry names in brackets: 'Change password (/password) and …'. */
const namedRoutes = (usedIn: string) =>
  [...usedIn.matchAll(/\((\/[^)\s,]*)\)/g)].map((match) => match[1] ?? '')

describe("the Flows page's 'Used in' column", () => {
  it('names routes that exist, spelled as the router spells them', () => {
    const named = catalog.flatMap((entry) =>
      namedRoutes(entry.usedIn).map((path) => [entry.id, path]),
    )
    expect(named.length).toBeGreaterThan(10)
    expect(named.filter(([, path]) => !routes.has(shape(path ?? '')))).toEqual([])
  })
})
