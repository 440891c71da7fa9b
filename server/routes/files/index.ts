import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { ErrorCode } from '../../../schema/errors'
import { FileParams, SignedFileQuery } from '../../../schema/files'
import { ApiError } from '../../errors'
import { failures } from '../context'

/**
 * GET /v1/files/:kind/:name?expires&signature: a stored image. No session: the signature is the
 * authority, so that an <img> can load it. The signature is checked before the file is looked for,
 * so a bad link learns nothing about which files exist.
 */
const fileRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/files/:kind/:name',
    {
      schema: {
        params: FileParams,
        querystring: SignedFileQuery,
        response: {
          // The bytes are sent as they are; the schema only documents the answer.
          200: Type.Unsafe<Buffer>({ type: 'string', description: 'image/webp' }),
          ...failures,
        },
      },
      // After security-headers' no-store: the browser may keep the image while the link is valid.
      onSend: (request, reply, payload, next) => {
        if (reply.statusCode === 200) {
          const left = request.query.expires - Math.floor(Date.now() / 1000)
          void reply.header('cache-control', `private, max-age=${Math.max(0, left)}`)
        }
        next(null, payload)
      },
    },
    async (request, reply) => {
      const { kind, name } = request.params
      const { expires, signature } = request.query
      if (!(await app.files.verify(kind, name, expires, signature))) {
        throw new ApiError(ErrorCode.forbidden, 'This link is not valid or has expired.')
      }
      const file = await app.files.read(kind, name)
      if (!file) throw new ApiError(ErrorCode.notFound, 'There is no such file.')
      return reply
        .type(file.contentType)
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    },
  )
  done()
}

export default fileRoutes
