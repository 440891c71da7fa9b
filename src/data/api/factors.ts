import type { TSchema } from 'typebox'
import type { EnrolmentConfirmBody, SecondStepBody } from '../../../schema/auth'
import type { AuthenticatorConfirmBody, OwnFactorsResults } from '../../../schema/factors'
import { call, callFor, http } from './client'

type Options = { signal?: AbortSignal }

// The sign-in's calls load their schemas with the first answer (the sign-in page is in the first
// load, TypeBox is not); the Profile's are behind the signed-in routes either way.
const authSchemas = () => import('../../../schema/auth')
const factorSchemas = () => import('../../../schema/factors')
const setupResults = async () => (await factorSchemas()).AuthenticatorSetupResults

/** A POST whose answer's results `schema` checks. */
function post<T extends TSchema>(
  schema: () => Promise<T>,
  path: string,
  json: unknown,
  signal?: AbortSignal,
) {
  return callFor(schema, () => http.post(path, { json, signal }))
}

/** A POST whose answer is recovery codes, shown once. */
async function postForCodes(path: string, json: unknown, signal?: AbortSignal): Promise<string[]> {
  const codes = async () => (await factorSchemas()).RecoveryCodesResults
  return (await post(codes, path, json, signal)).recoveryCodes
}

// ---------------------------------------------------------------------------------------------
// The sign-in's second step (docs/second-factors.md).

/** "Use another method": a text message with a code for this second step (POST /v1/login/sms). */
export function sendSignInText(body: SecondStepBody, { signal }: Options = {}): Promise<void> {
  return call(() => http.post('login/sms', { json: body, signal }))
}

/** The enrolment the policy requires before the session opens: a new authenticator secret. */
export function beginSignInEnrolment(body: SecondStepBody, { signal }: Options = {}) {
  return post(setupResults, 'login/enrolment', body, signal)
}

/** A valid code ends that enrolment: the session opens, and the recovery codes come once. */
export function confirmSignInEnrolment(body: EnrolmentConfirmBody, { signal }: Options = {}) {
  return post(
    async () => (await authSchemas()).EnrolmentResults,
    'login/enrolment/confirm',
    body,
    signal,
  )
}

// ---------------------------------------------------------------------------------------------
// The signed-in user's own factors (Profile).

/** GET /v1/factors: what the user has, and what the policy asks of them. Never a secret. */
export function readOwnFactors({ signal }: Options = {}): Promise<OwnFactorsResults> {
  return callFor(
    async () => (await factorSchemas()).OwnFactorsResults,
    () => http.get('factors', { signal }),
  )
}

/** The password again, then a new authenticator secret waiting for a code. */
export function startAuthenticatorSetup(password: string, { signal }: Options = {}) {
  return post(setupResults, 'factors/authenticator', { password }, signal)
}

/** A valid code ends the enrolment; the recovery codes come once (empty if the user had some). */
export function confirmAuthenticatorSetup(
  body: AuthenticatorConfirmBody,
  { signal }: Options = {},
) {
  return postForCodes('factors/authenticator/confirm', body, signal)
}

/** The password again, then the app is gone (and the recovery codes, when nothing else needs them). */
export function removeAuthenticator(password: string, { signal }: Options = {}): Promise<void> {
  return call(() => http.post('factors/authenticator/remove', { json: { password }, signal }))
}

/** The password again, then ten new recovery codes replace every old one; shown once. */
export function regenerateRecoveryCodes(password: string, { signal }: Options = {}) {
  return postForCodes('factors/recovery-codes', { password }, signal)
}
