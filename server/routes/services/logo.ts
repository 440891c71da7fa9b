import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Success } from '../../../schema/envelope'
import { UrlResults } from '../../../schema/files'
import {
  LOGO_FIELD,
  LogoSizeParams,
  ServiceIdParams,
  ServiceResults,
} from '../../../schema/service'
import type { App } from '../../app-types'
import { deleteLogo, type LogoContext, logoUrl, replaceLogo } from '../../use-cases/service-logo'
import { failures, useCaseContext } from '../context'
import { acceptOneFile, readOneFile } from '../visage/upload'
import { serviceAnswer } from './present'

const context = (app: App, request: FastifyRequest): LogoContext => ({
  ...useCaseContext(app, request),
  files: app.files,
})

const answer = { response: { 200: Success(ServiceResults), ...failures } }
const urlAnswer = { response: { 200: Success(UrlResults), ...failures } }

/**
 * A service's logo (SPEC.md §7): POST a multipart file field `logo`, DELETE it (services.write), or
 * GET a short-lived signed link to one size of it (services.read; large when no size is named).
 */
const serviceLogoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const write = { preHandler: app.requirePermission('services.write') }
  const read = { preHandler: app.requirePermission('services.read') }

  // Only the upload parses multipart, so it lives in a scope of its own.
  await app.register(async (upload: App) => {
    await acceptOneFile(upload)
    upload.post(
      '/v1/service/:id/logo',
      { ...write, schema: { params: ServiceIdParams, ...answer } },
      async (request) => {
        const readUpload = () => readOneFile(request, LOGO_FIELD)
        const actorId = request.auth!.user.id
        return serviceAnswer(
          await replaceLogo(context(app, request), actorId, request.params.id, readUpload),
        )
      },
    )
  })

  app.delete(
    '/v1/service/:id/logo',
    { ...write, schema: { params: ServiceIdParams, ...answer } },
    async (request) =>
      serviceAnswer(
        await deleteLogo(context(app, request), request.auth!.user.id, request.params.id),
      ),
  )

  app.get(
    '/v1/service/:id/logo',
    { ...read, schema: { params: ServiceIdParams, ...urlAnswer } },
    async (request) => ({
      success: true as const,
      results: { url: await logoUrl(context(app, request), request.params.id, 'large') },
    }),
  )
  app.get(
    '/v1/service/:id/logo/:size',
    { ...read, schema: { params: LogoSizeParams, ...urlAnswer } },
    async (request) => ({
      success: true as const,
      results: {
        url: await logoUrl(context(app, request), request.params.id, request.params.size),
      },
    }),
  )
}

export default serviceLogoRoutes
