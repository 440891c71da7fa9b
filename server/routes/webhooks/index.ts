import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Ok, Success } from '../../../schema/envelope'
import {
  DeliveriesQuery,
  DeliveriesResults,
  DeliveryDetailResults,
  DeliveryParams,
  DeliveryResults,
  NewWebhook,
  WebhookChange,
  WebhookParams,
  WebhookResults,
  WebhookSecretResults,
  WebhooksResults,
} from '../../../schema/webhooks'
import * as webhooks from '../../use-cases/webhooks'
import { failures, useCaseContext } from '../context'
import { internalStaff } from '../internal-guard'

const ok = <T>(results: T) => ({ success: true as const, results })

/**
 * Webhooks (docs/webhooks.md): endpoints, their deliveries, test events and replays; INTERNAL
 * staff with webhooks.write only (or an API token with it). Guards run before validation.
 */
const webhookRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const write = internalStaff(app, 'webhooks.write')
  const ctx = (request: Parameters<typeof useCaseContext>[1]) => useCaseContext(app, request)

  app.get(
    '/v1/webhooks',
    { preValidation: write, schema: { response: { 200: Success(WebhooksResults), ...failures } } },
    async (request) => ok({ endpoints: await webhooks.listWebhooks(ctx(request)) }),
  )
  app.post(
    '/v1/webhooks',
    {
      preValidation: write,
      schema: { body: NewWebhook, response: { 200: Success(WebhookSecretResults), ...failures } },
    },
    async (request) =>
      ok(await webhooks.createWebhook(ctx(request), request.auth!.user, request.body)),
  )
  app.get(
    '/v1/webhooks/:id',
    {
      preValidation: write,
      schema: { params: WebhookParams, response: { 200: Success(WebhookResults), ...failures } },
    },
    async (request) => ok({ endpoint: await webhooks.getWebhook(ctx(request), request.params.id) }),
  )
  app.patch(
    '/v1/webhooks/:id',
    {
      preValidation: write,
      schema: {
        params: WebhookParams,
        body: WebhookChange,
        response: { 200: Success(WebhookResults), ...failures },
      },
    },
    async (request) =>
      ok({
        endpoint: await webhooks.changeWebhook(
          ctx(request),
          request.auth!.user,
          request.params.id,
          request.body,
        ),
      }),
  )
  app.delete(
    '/v1/webhooks/:id',
    {
      preValidation: write,
      schema: { params: WebhookParams, response: { 200: Ok, ...failures } },
    },
    async (request) => {
      await webhooks.deleteWebhook(ctx(request), request.auth!.user, request.params.id)
      return { success: true as const }
    },
  )
  app.post(
    '/v1/webhooks/:id/rotate',
    {
      preValidation: write,
      schema: {
        params: WebhookParams,
        response: { 200: Success(WebhookSecretResults), ...failures },
      },
    },
    async (request) =>
      ok(await webhooks.rotateWebhookSecret(ctx(request), request.auth!.user, request.params.id)),
  )
  app.post(
    '/v1/webhooks/:id/test',
    {
      preValidation: write,
      schema: { params: WebhookParams, response: { 200: Success(DeliveryResults), ...failures } },
    },
    async (request) =>
      ok({
        delivery: await webhooks.testWebhook(ctx(request), request.auth!.user, request.params.id),
      }),
  )
  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      preValidation: write,
      schema: {
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: Success(DeliveriesResults), ...failures },
      },
    },
    async (request) =>
      ok(await webhooks.listWebhookDeliveries(ctx(request), request.params.id, request.query)),
  )
  app.get(
    '/v1/webhooks/:id/deliveries/:deliveryId',
    {
      preValidation: write,
      schema: {
        params: DeliveryParams,
        response: { 200: Success(DeliveryDetailResults), ...failures },
      },
    },
    async (request) =>
      ok(
        await webhooks.getWebhookDelivery(
          ctx(request),
          request.params.id,
          request.params.deliveryId,
        ),
      ),
  )
  app.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/replay',
    {
      preValidation: write,
      schema: { params: DeliveryParams, response: { 200: Success(DeliveryResults), ...failures } },
    },
    async (request) =>
      ok({
        delivery: await webhooks.replayDelivery(
          ctx(request),
          request.auth!.user,
          request.params.id,
          request.params.deliveryId,
        ),
      }),
  )
  done()
}

export default webhookRoutes
