import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Success } from '../../../schema/envelope'
import {
  MfaPoliciesResults,
  MfaPolicyBody,
  MfaPolicyParams,
  MfaPolicyResults,
} from '../../../schema/factors'
import { mfaPolicies, setMfaPolicy } from '../../use-cases/mfa-policy'
import { failures, useCaseContext } from '../context'

/**
 * The second-factor policy per user type (docs/second-factors.md): read with users.read, set with
 * users.write (checked before validation, so nobody without it learns what a valid body is).
 */
const mfaPolicyRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.get(
    '/v1/mfa-policy',
    {
      preValidation: app.requirePermission('users.read'),
      schema: { response: { 200: Success(MfaPoliciesResults), ...failures } },
    },
    async (request) => ({
      success: true as const,
      results: { policies: await mfaPolicies(useCaseContext(app, request)) },
    }),
  )
  app.put(
    '/v1/mfa-policy/:type',
    {
      preValidation: app.requirePermission('users.write'),
      schema: {
        params: MfaPolicyParams,
        body: MfaPolicyBody,
        response: { 200: Success(MfaPolicyResults), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      results: {
        policy: await setMfaPolicy(
          useCaseContext(app, request),
          request.auth!.user,
          request.params.type,
          request.body,
        ),
      },
    }),
  )
  done()
}

export default mfaPolicyRoutes
