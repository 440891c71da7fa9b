import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import {
  EnrolmentConfirmBody,
  EnrolmentResults,
  LoginBody,
  LoginResults,
  SecondStepBody,
  TextSentResults,
  VerifyBody,
  VerifyResults,
} from '../../../schema/auth'
import { Success } from '../../../schema/envelope'
import { AuthenticatorSetupResults } from '../../../schema/factors'
import { signIn, verifySignIn } from '../../use-cases/sign-in'
import { beginSignInEnrolment, confirmSignInEnrolment } from '../../use-cases/sign-in-enrolment'
import { sendStepCode } from '../../use-cases/security-code'
import { failures, useCaseContext, startSession } from '../context'

/**
 * POST /v1/login and /v1/login/verify (DESIGN.md §4): the password step and the second step; and
 * around the second step (docs/second-factors.md), a text message on request and the enrolment
 * the policy may require before a session opens.
 */
const loginRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  app.post(
    '/v1/login',
    { schema: { body: LoginBody, response: { 200: Success(LoginResults), ...failures } } },
    async (request, reply) => {
      const outcome = await signIn(useCaseContext(app, request), request.body)
      if (outcome.kind === 'second-step') {
        const { mfaId, userId, methods, destination } = outcome
        const results = { mfaId, user: { id: userId }, methods }
        return {
          success: true as const,
          results: destination ? { ...results, destination } : results,
        }
      }
      if (outcome.kind === 'enrolment') {
        const { mfaId, userId } = outcome
        return { success: true as const, results: { mfaId, user: { id: userId }, enrolment: true } }
      }
      startSession(app, reply, outcome.session)
      const { userId } = outcome.session
      return { success: true as const, results: { user: { id: userId } } }
    },
  )

  app.post(
    '/v1/login/verify',
    { schema: { body: VerifyBody, response: { 200: Success(VerifyResults), ...failures } } },
    async (request, reply) => {
      const session = await verifySignIn(useCaseContext(app, request), request.body)
      startSession(app, reply, session)
      return { success: true as const, results: { user: { id: session.userId } } }
    },
  )

  app.post(
    '/v1/login/sms',
    { schema: { body: SecondStepBody, response: { 200: Success(TextSentResults), ...failures } } },
    async (request) => ({
      success: true as const,
      results: await sendStepCode(useCaseContext(app, request), request.body),
    }),
  )

  app.post(
    '/v1/login/enrolment',
    {
      schema: {
        body: SecondStepBody,
        response: { 200: Success(AuthenticatorSetupResults), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      results: await beginSignInEnrolment(useCaseContext(app, request), request.body),
    }),
  )

  app.post(
    '/v1/login/enrolment/confirm',
    {
      schema: {
        body: EnrolmentConfirmBody,
        response: { 200: Success(EnrolmentResults), ...failures },
      },
    },
    async (request, reply) => {
      const { session, recoveryCodes } = await confirmSignInEnrolment(
        useCaseContext(app, request),
        request.body,
      )
      startSession(app, reply, session)
      return { success: true as const, results: { user: { id: session.userId }, recoveryCodes } }
    },
  )
  done()
}

export default loginRoutes
