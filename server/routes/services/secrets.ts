import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import { ServiceIdParams } from '../../../schema/service'
import {
  CreateSecretBody,
  SecretCreatedResults,
  SecretListResults,
  SecretParams,
} from '../../../schema/service-secret'
import { createSecret, listSecrets, revokeSecret } from '../../use-cases/service-secrets'
import { failures, useCaseContext } from '../context'

/** Client secrets of confidential services (docs/sso.md, "Secrets"); all take services.write. */
const serviceSecretRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const opts = { preHandler: app.requirePermission('services.write') }
  const list = { response: { 200: Success(SecretListResults), ...failures } }

  app.get(
    '/v1/service/:id/secrets',
    { ...opts, schema: { params: ServiceIdParams, ...list } },
    async (request) => ({
      success: true as const,
      results: { secrets: await listSecrets(useCaseContext(app, request), request.params.id) },
    }),
  )

  app.post(
    '/v1/service/:id/secrets',
    {
      ...opts,
      schema: {
        params: ServiceIdParams,
        body: CreateSecretBody,
        response: { 200: Success(SecretCreatedResults), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      results: await createSecret(
        useCaseContext(app, request),
        request.auth!.user.id,
        request.params.id,
        request.body,
      ),
    }),
  )

  app.delete(
    '/v1/service/:id/secrets/:secretId',
    { ...opts, schema: { params: SecretParams, ...list } },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const { id, secretId } = request.params
      await revokeSecret(ctx, request.auth!.user.id, id, secretId)
      return { success: true as const, results: { secrets: await listSecrets(ctx, id) } }
    },
  )
  done()
}

export default serviceSecretRoutes
