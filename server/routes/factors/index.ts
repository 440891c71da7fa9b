import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { Ok, Success } from '../../../schema/envelope'
import {
  AuthenticatorConfirmBody,
  AuthenticatorSetupBody,
  AuthenticatorSetupResults,
  FactorPasswordBody,
  OwnFactorsResults,
  RecoveryCodesResults,
} from '../../../schema/factors'
import {
  confirmAuthenticator,
  ownFactors,
  regenerateRecoveryCodes,
  removeAuthenticator,
  startAuthenticatorSetup,
} from '../../use-cases/authenticator'
import { failures, useCaseContext } from '../context'

const answer = <T extends Parameters<typeof Success>[0]>(results: T) => ({
  response: { 200: Success(results), ...failures },
})

/**
 * The signed-in user's own second factors (docs/second-factors.md): the authenticator app (set up
 * with the password again, confirmed with a code, removed with the password), recovery codes
 * (regenerated with the password) and what the policy asks.
 */
const factorRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { preHandler: app.authenticate }

  app.get('/v1/factors', { ...signedIn, schema: answer(OwnFactorsResults) }, async (request) => ({
    success: true as const,
    results: await ownFactors(useCaseContext(app, request), request.auth!.user),
  }))

  app.post(
    '/v1/factors/authenticator',
    { ...signedIn, schema: { body: AuthenticatorSetupBody, ...answer(AuthenticatorSetupResults) } },
    async (request) => ({
      success: true as const,
      results: await startAuthenticatorSetup(
        useCaseContext(app, request),
        request.auth!.user,
        request.body.password,
      ),
    }),
  )

  app.post(
    '/v1/factors/authenticator/confirm',
    { ...signedIn, schema: { body: AuthenticatorConfirmBody, ...answer(RecoveryCodesResults) } },
    async (request) => ({
      success: true as const,
      results: {
        recoveryCodes: await confirmAuthenticator(
          useCaseContext(app, request),
          request.auth!.user,
          request.body,
        ),
      },
    }),
  )

  app.post(
    '/v1/factors/authenticator/remove',
    { ...signedIn, schema: { body: FactorPasswordBody, response: { 200: Ok, ...failures } } },
    async (request) => {
      await removeAuthenticator(
        useCaseContext(app, request),
        request.auth!.user,
        request.body.password,
      )
      return { success: true as const }
    },
  )

  app.post(
    '/v1/factors/recovery-codes',
    { ...signedIn, schema: { body: FactorPasswordBody, ...answer(RecoveryCodesResults) } },
    async (request) => ({
      success: true as const,
      results: {
        recoveryCodes: await regenerateRecoveryCodes(
          useCaseContext(app, request),
          request.auth!.user,
          request.body.password,
        ),
      },
    }),
  )
  done()
}

export default factorRoutes
