import type { FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import type { AttributeContext } from '../../use-cases/attribute-checks'
import { useCaseContext } from '../context'

/** The attribute use cases' context of one request: the use-case context and the image store. */
export const attributeContext = (app: App, request: FastifyRequest): AttributeContext => ({
  ...useCaseContext(app, request),
  files: app.files,
})
