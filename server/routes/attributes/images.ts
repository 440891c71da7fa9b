import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ImageDownloadBody, ImagePathResults } from '../../../schema/attribute-api'
import { Success } from '../../../schema/envelope'
import { UrlResults } from '../../../schema/files'
import type { App } from '../../app-types'
import { imageUrl, uploadImage } from '../../use-cases/attribute-images'
import { failures } from '../context'
import { acceptOneFile } from '../visage/upload'
import { attributeContext } from './context'
import { readImageUpload } from './upload'

/**
 * SPEC.md §7's attribute image calls: upload (attributes.write) answers `results.path`; download
 * (attributes.read) answers `results.url`, a short-lived signed link.
 */
const attributeImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only the upload parses multipart, so it lives in a scope of its own.
  await app.register(async (upload: App) => {
    await acceptOneFile(upload)
    upload.post(
      '/v1/imageFileUpload',
      {
        preValidation: app.requirePermission('attributes.write'),
        schema: { response: { 200: Success(ImagePathResults), ...failures } },
      },
      async (request) => {
        const path = await uploadImage(
          attributeContext(app, request),
          request.auth!.user.id,
          await readImageUpload(request),
        )
        return { success: true as const, results: { path } }
      },
    )
  })

  app.post(
    '/v1/imageFileDownload',
    {
      preValidation: app.requirePermission('attributes.read'),
      schema: { body: ImageDownloadBody, response: { 200: Success(UrlResults), ...failures } },
    },
    async (request) => ({
      success: true as const,
      results: { url: await imageUrl(attributeContext(app, request), request.body.path) },
    }),
  )
}

export default attributeImageRoutes
