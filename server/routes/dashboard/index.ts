import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { DashboardResults } from '../../../schema/dashboard'
import { Success } from '../../../schema/envelope'
import { dashboardFigures } from '../../use-cases/dashboard'
import { failures, useCaseContext } from '../context'
import { internalStaff } from '../internal-guard'

/** GET /v1/dashboard (dashboard.read, INTERNAL staff): every figure of the Dashboard at once. */
const dashboardRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/dashboard',
    {
      preValidation: internalStaff(app, 'dashboard.read'),
      schema: { response: { 200: Success(DashboardResults), ...failures } },
    },
    async (request) => ({
      success: true as const,
      results: await dashboardFigures(useCaseContext(app, request)),
    }),
  )
  done()
}

export default dashboardRoutes
