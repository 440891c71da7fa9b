import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import Type from 'typebox'
import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_WORDS,
  WEBHOOK_TEST,
  WebhookPayload,
} from '../../schema/webhooks'
import type { App } from '../app-types'

const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>

/**
 * The deliveries an endpoint receives (docs/webhooks.md), as OpenAPI 3.1 `webhooks`: one per
 * event group, its payload's `type` one of the group's event types.
 */
/** OpenAPI 3.1's `webhooks` map, as @fastify/swagger types it. */
type Webhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks']

function webhookDefinitions(): Webhooks {
  const groups = [...WEBHOOK_EVENT_GROUPS, { kind: 'test', label: 'Test', events: [WEBHOOK_TEST] }]
  const header = (name: string, description: string) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' },
  })
  return Object.fromEntries(
    groups.map((group) => {
      const payload = plain(WebhookPayload)
      payload.properties = {
        ...(payload.properties as object),
        type: { type: 'string', enum: group.events },
      }
      const described = group.events.map(
        (type) => `\`${type}\`: ${WEBHOOK_EVENT_WORDS[type] ?? type}`,
      )
      return [
        `webhook-${group.kind}`,
        {
          post: {
            summary: `${group.label} events`,
            description: `Standard Webhooks delivery, signed with the endpoint's secret. ${described.join('; ')}.`,
            parameters: [
              header('webhook-id', 'The event id, `msg_…`: the same on every retry and replay.'),
              header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'),
              header(
                'webhook-signature',
                '`v1,<base64 HMAC-SHA256>`; two, space separated, while a rotated secret overlaps.',
              ),
            ],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: payload } },
            },
            responses: { '2XX': { description: 'Received: a 2xx ends the delivery.' } },
          },
        },
      ]
    }),
  ) as Webhooks
}

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
        webhooks: webhookDefinitions(),
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
