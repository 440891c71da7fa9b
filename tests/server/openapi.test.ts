import { describe, expect, it } from 'vitest'
import { call, useTestApp } from './helper'

const t = useTestApp({ METRICS_ENABLED: 'true' })

interface Document {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, unknown>>
  components: Record<string, unknown>
}

/** `/v1/user/:id/name` as OpenAPI writes it: `/v1/user/{id}/name`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document', async () => {
    const response = await call(t, 'GET', '/v1/openapi.json')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const document = response.json<Document>()
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    expect(document.info).toMatchObject({ title: 'Gatehouse API' })
    expect(Object.keys(document.paths).length).toBeGreaterThan(50)
    expect(document.components).toHaveProperty('securitySchemes')
    expect((document.components.securitySchemes as Record<string, unknown>).bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    for (const path of [
      '/v1/roles',
      '/v1/roles/{id}',
      '/v1/groups',
      '/v1/groups/{id}',
      '/v1/tokens',
      '/v1/tokens/{id}',
      '/v1/access/explain',
    ])
      expect(Object.keys(document.paths)).toContain(path)
  })

  it('describes the webhook deliveries as OpenAPI 3.1 webhooks, one per event group', async () => {
    interface Schema {
      properties: Record<string, Schema>
      enum?: string[]
      anyOf?: Schema[]
    }
    interface Hook {
      post: {
        parameters: { name: string }[]
        requestBody: { content: { 'application/json': { schema: Schema } } }
      }
    }
    const document = (await call(t, 'GET', '/v1/openapi.json')).json<
      Document & { webhooks: Record<string, Hook> }
    >()
    const payloadOf = (name: string) =>
      document.webhooks[name]!.post.requestBody.content['application/json'].schema
    expect(document.webhooks['webhook-users']!.post.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ])
    expect(payloadOf('webhook-users').properties.type!.enum).toContain('user.created')
    expect(payloadOf('webhook-sign-in').properties.type!.enum).toContain('login.failed')
    expect(payloadOf('webhook-test').properties.type!.enum).toEqual(['webhook.test'])
    const user = payloadOf('webhook-users').properties.data!.properties.user!
    const fields = Object.keys((user.anyOf ?? [user]).find((s) => s.properties)!.properties)
    expect(fields.sort()).toEqual(
      [
        'active',
        'createdAt',
        'email',
        'id',
        'locked',
        'nameFirst',
        'nameLast',
        'phone',
        'type',
        'updatedAt',
      ].sort(),
    )
    expect(Object.keys(document.paths)).toContain(
      '/v1/webhooks/{id}/deliveries/{deliveryId}/replay',
    )
  })

  it('lists every route the app declares, with its method', async () => {
    const document = (await call(t, 'GET', '/v1/openapi.json')).json<Document>()
    const declared = t.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && !route.schema?.hide,
    )
    expect(declared.length).toBeGreaterThan(50)
    const missing = declared
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`)
    expect(missing).toEqual([])
    for (const url of ['/healthz', '/readyz', '/metrics', '/v1/login', '/v1/openapi.json'])
      expect(document.paths).toHaveProperty([url])
  })

  it('describes a route from its TypeBox schemas: body, parameters and answers', async () => {
    const document = (await call(t, 'GET', '/v1/openapi.json')).json<Document>()
    const login = document.paths['/v1/login']!.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> }
      responses: Record<string, unknown>
    }
    expect(login.requestBody.content['application/json']!.schema.properties).toHaveProperty(
      'password',
    )
    expect(login.responses).toHaveProperty('200')
    const name = document.paths['/v1/user/{id}/name']!.put as { parameters: { name: string }[] }
    expect(name.parameters.map((p) => p.name)).toContain('id')
  })

  it('refuses a query string in the envelope', async () => {
    const response = await call(t, 'GET', '/v1/openapi.json?q=%00')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ success: false, error: { code: 1001 } })
  })
})

describe('the reference page at /docs', () => {
  it('is served offline, from our own origin, under our security headers', async () => {
    const page = await call(t, 'GET', '/docs/', undefined, { headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger-ui-bundle.js')
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const response = await call(t, 'GET', `/docs/static/${asset}`)
      expect(response.statusCode, asset).toBe(200)
    }
    const initializer = await call(t, 'GET', '/docs/static/swagger-initializer.js')
    // The document comes from our origin; nothing is fetched from a CDN.
    expect(initializer.body).toContain("url: resolveUrl('./json')")
    expect(initializer.body).not.toMatch(/unpkg|jsdelivr|cdnjs|petstore/)
  })
})
