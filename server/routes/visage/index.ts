import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Success } from '../../../schema/envelope'
import { UrlResults, VISAGE_FIELD } from '../../../schema/files'
import { UserIdParams, UserResults } from '../../../schema/user'
import type { App } from '../../app-types'
import type { Editor } from '../../use-cases/profile'
import { deleteVisage, replaceVisage, type VisageContext, visageUrl } from '../../use-cases/visage'
import { toUser } from '../../presenters/user'
import { failures, useCaseContext } from '../context'
import { acceptOneFile, readOneFile } from './upload'

/** The signed-in user (authenticate ran first) acting on the user of the path. */
const editor = (request: Pick<FastifyRequest, 'auth'> & { params: { id: string } }): Editor => ({
  actor: request.auth!.user,
  targetId: request.params.id,
})

const context = (app: App, request: FastifyRequest): VisageContext => ({
  ...useCaseContext(app, request),
  files: app.files,
})

const userAnswer = { response: { 200: Success(UserResults), ...failures } }

/**
 * The user's visage (SPEC.md §7): POST a multipart file field `visage`, DELETE it, or GET a
 * short-lived signed link to it (also under /url, DESIGN.md §4).
 */
const visageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const opts = { preHandler: app.authenticate }

  // Only the upload parses multipart, so it lives in a scope of its own.
  await app.register(async (upload: App) => {
    await acceptOneFile(upload)
    upload.post(
      '/v1/user/:id/visage',
      { ...opts, schema: { params: UserIdParams, ...userAnswer } },
      async (request) => {
        const readUpload = () => readOneFile(request, VISAGE_FIELD)
        const row = await replaceVisage(context(app, request), editor(request), readUpload)
        return { success: true as const, results: { user: toUser(row) } }
      },
    )
  })

  app.delete(
    '/v1/user/:id/visage',
    { ...opts, schema: { params: UserIdParams, ...userAnswer } },
    async (request) => {
      const row = await deleteVisage(context(app, request), editor(request))
      return { success: true as const, results: { user: toUser(row) } }
    },
  )

  for (const path of ['/v1/user/:id/visage', '/v1/user/:id/visage/url']) {
    app.get(
      path,
      {
        ...opts,
        schema: { params: UserIdParams, response: { 200: Success(UrlResults), ...failures } },
      },
      async (request) => ({
        success: true as const,
        results: { url: await visageUrl(context(app, request), editor(request)) },
      }),
    )
  }
}

export default visageRoutes
