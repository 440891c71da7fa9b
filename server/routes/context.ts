import type { FastifyRequest } from 'fastify'
import { Failure } from '../../schema/envelope'
import type { App } from '../app-types'
import type { FlowContext } from '../flows/context'

/** The flow context of one request. */
export const flowContext = (app: App, request: FastifyRequest): FlowContext => ({
  db: app.db,
  config: app.config,
  outbox: app.outbox,
  client: request.client,
})

/** Every route may fail with the envelope; listing it keeps the serializer from dropping fields. */
export const failures = { '4xx': Failure, '5xx': Failure } as const
