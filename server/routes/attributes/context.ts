import type { FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import type { AttributeContext } from '../../flows/attribute-checks'
import { flowContext } from '../context'

/** The attribute flows' context of one request: the flow context and the image store. */
export const attributeContext = (app: App, request: FastifyRequest): AttributeContext => ({
  ...flowContext(app, request),
  files: app.files,
})
