import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import {
  CreateServiceBody,
  type ServiceChange,
  type ServiceField,
  ServiceFieldBodies,
  ServiceFields,
  ServiceIdParams,
  ServiceResults,
} from '../../../schema/service'
import {
  changeService,
  createService,
  deleteService,
  restoreService,
} from '../../use-cases/services'
import { failures, useCaseContext } from '../context'
import serviceLogoRoutes from './logo'
import serviceSecretRoutes from './secrets'
import { serviceAnswer } from './present'

const answer = { response: { 200: Success(ServiceResults), ...failures } }

/**
 * The Services screen's changes (SPEC.md §7): create, one field at a time, soft delete and restore,
 * each answering results.service. All take services.write; the logo routes are in ./logo.ts.
 */
const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const opts = { preHandler: app.requirePermission('services.write') }

  app.post(
    '/v1/service',
    { ...opts, schema: { body: CreateServiceBody, ...answer } },
    async (request) =>
      serviceAnswer(
        await createService(useCaseContext(app, request), request.auth!.user.id, request.body),
      ),
  )

  const field = <F extends ServiceField>(name: F) =>
    app.put(
      `/v1/service/:id/${name}`,
      { ...opts, schema: { params: ServiceIdParams, body: ServiceFieldBodies[name], ...answer } },
      async (request) => {
        // The body's schema is the one of `name`, so it carries that one field.
        const value = (request.body as ServiceChange)[name]
        const { id } = request.params
        const actorId = request.auth!.user.id
        return serviceAnswer(
          await changeService(useCaseContext(app, request), actorId, id, name, value),
        )
      },
    )
  for (const name of ServiceFields) field(name)

  app.delete(
    '/v1/service/:id',
    { ...opts, schema: { params: ServiceIdParams, ...answer } },
    async (request) =>
      serviceAnswer(
        await deleteService(useCaseContext(app, request), request.auth!.user.id, request.params.id),
      ),
  )
  app.put(
    '/v1/service/:id/restore',
    { ...opts, schema: { params: ServiceIdParams, ...answer } },
    async (request) =>
      serviceAnswer(
        await restoreService(
          useCaseContext(app, request),
          request.auth!.user.id,
          request.params.id,
        ),
      ),
  )
  await app.register(serviceLogoRoutes)
  await app.register(serviceSecretRoutes)
}

export default serviceRoutes
