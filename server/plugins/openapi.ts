import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import Type from 'typebox'
import type { App } from '../app-types'

/** Where the reference page is: outside /v1, as it answers HTML, not the envelope. */
export const DOCS_PREFIX = '/docs'

/**
 * OpenAPI 3.1 generated from the routes' TypeBox schemas (`@fastify/swagger`), at
 * GET /v1/openapi.json, and a reference page (swagger-ui, served from node_modules: no CDN) at
 * /docs. Registered before the routes, so it sees every one of them as it is declared.
 */
export default fp(
  async (app: App) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Gatehouse API',
          version: '1',
          description:
            'The JSON API of Gatehouse. Every answer is the envelope `{success, results?, error?: {code, message}}`; ' +
            'signed-in calls carry the session cookie; unsafe methods need a same-origin Origin header.',
        },
        servers: [{ url: app.config.publicUrl }],
        // Signed-in calls take either; the routes that need neither say so by answering without.
        security: [{ session: [] }, { bearer: [] }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'gatehouse_session',
              description: 'The console session (`__Host-gatehouse_session` over https).',
            },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description:
                'An API token (`gh_…`, made on the API tokens page): the same permission checks as a session, never more than its creator holds; refused (403) on the console’s own routes (self, password, passkeys, factors, tokens, logout, events). A bad, expired or revoked token gets 401.',
            },
          },
        },
      },
    })

    app.get(
      '/v1/openapi.json',
      {
        schema: {
          tags: ['operations'],
          summary: 'This OpenAPI 3.1 document',
          // No query: anything else in it is refused (400), like every /v1 call.
          querystring: Type.Object({}, { additionalProperties: false }),
        },
      },
      (_request, reply) => reply.header('content-type', 'application/json').send(app.swagger()),
    )

    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { validatorUrl: null, deepLinking: true },
      // Our own security headers (security-headers.ts) apply; the page needs nothing from elsewhere.
      staticCSP: false,
    })
  },
  { name: 'openapi', dependencies: ['db'] },
)
