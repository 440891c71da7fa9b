import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import { LoginResults } from '../../../schema/auth'
import { IdParams } from '../../../schema/common'
import { Ok, Success } from '../../../schema/envelope'
import {
  PasskeyListResults,
  PasskeyRegistrationBody,
  PasskeyRegistrationOptionsBody,
  PasskeyRegistrationOptionsResults,
  PasskeyResults,
  PasskeySignInBody,
  PasskeySignInOptionsResults,
  PasskeysRemovedResults,
} from '../../../schema/passkeys'
import { beginPasskeySignIn, signInWithPasskey } from '../../use-cases/passkey-sign-in'
import {
  beginRegistration,
  finishRegistration,
  ownPasskeys,
  removeAllPasskeys,
  removePasskey,
} from '../../use-cases/passkeys'
import { toPasskey } from '../../presenters/passkey'
import { failures, useCaseContext, startSession } from '../context'

const answer = <T extends Parameters<typeof Success>[0]>(results: T) => ({
  response: { 200: Success(results), ...failures },
})

/**
 * Biometric login (docs/passkeys.md): the signed-in user registers, lists and removes passkeys;
 * anyone may sign in with one. Registration and sign-in are two calls each: options, then the
 * browser's answer with the id of the challenge the options carried.
 */
const passkeyRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { preHandler: app.authenticate }

  app.post(
    '/v1/passkeys/registration/options',
    {
      ...signedIn,
      schema: {
        body: PasskeyRegistrationOptionsBody,
        ...answer(PasskeyRegistrationOptionsResults),
      },
    },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const results = await beginRegistration(ctx, request.auth!.user, request.body.password)
      return { success: true as const, results }
    },
  )

  app.post(
    '/v1/passkeys/registration',
    { ...signedIn, schema: { body: PasskeyRegistrationBody, ...answer(PasskeyResults) } },
    async (request) => {
      const ctx = useCaseContext(app, request)
      const passkey = await finishRegistration(ctx, request.auth!.user, request.body)
      return { success: true as const, results: { passkey: toPasskey(passkey) } }
    },
  )

  app.get('/v1/passkeys', { ...signedIn, schema: answer(PasskeyListResults) }, async (request) => {
    const rows = await ownPasskeys(useCaseContext(app, request), request.auth!.user)
    return { success: true as const, results: { passkeys: rows.map(toPasskey) } }
  })

  app.delete(
    '/v1/passkeys',
    { ...signedIn, schema: answer(PasskeysRemovedResults) },
    async (request) => {
      const removed = await removeAllPasskeys(useCaseContext(app, request), request.auth!.user)
      return { success: true as const, results: { removed } }
    },
  )

  app.delete(
    '/v1/passkey/:id',
    { ...signedIn, schema: { params: IdParams, response: { 200: Ok, ...failures } } },
    async (request) => {
      await removePasskey(useCaseContext(app, request), request.auth!.user, request.params.id)
      return { success: true as const }
    },
  )

  app.post(
    '/v1/login/passkey/options',
    { schema: answer(PasskeySignInOptionsResults) },
    async (request) => ({
      success: true as const,
      results: await beginPasskeySignIn(useCaseContext(app, request)),
    }),
  )

  app.post(
    '/v1/login/passkey',
    { schema: { body: PasskeySignInBody, ...answer(LoginResults) } },
    async (request, reply) => {
      const session = await signInWithPasskey(useCaseContext(app, request), request.body)
      startSession(app, reply, session)
      return { success: true as const, results: { user: { id: session.userId } } }
    },
  )
  done()
}

export default passkeyRoutes
