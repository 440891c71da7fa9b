import type { FastifySchema, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'
import type { App } from '../app-types'

export interface RouteEntry {
  method: HTTPMethods
  url: string
  schema?: FastifySchema
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, as declared (for checks that cover them all). */
    routeTable: readonly RouteEntry[]
  }
}

/** Collects the routes as they are declared; registered first, so nothing is missed. */
export default fp(
  (app: App, _options, done) => {
    const table: RouteEntry[] = []
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) table.push({ method, url: route.url, schema: route.schema })
    })
    app.decorate('routeTable', { getter: () => table })
    done()
  },
  { name: 'route-table' },
)
