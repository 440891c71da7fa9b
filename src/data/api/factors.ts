import type {
  EnrolmentConfirmBody,
  EnrolmentResults,
  SecondStepBody,
} from '../../../schema/auth'
import type {
  AuthenticatorConfirmBody,
  AuthenticatorSetupResults,
  OwnFactorsResults,
} from '../../../schema/factors'
import { call, callFor, http } from './client'

type Options = { signal?: AbortSignal }

// The sign-in's calls load their schemas with the first answer (the sign-in page is in the first
// load, TypeBox is not); the Profile's are behind the signed-in routes either way.
const authSchemas = () => import('../../../schema/auth')
const factorSchemas = () => import('../../../schema/factors')

// ---------------------------------------------------------------------------------------------
// The sign-in's second step (docs/second-factors.md).

/** "Use another method": a text message with a code for this second step (POST /v1/login/sms). */
export function sendSignInText(body: SecondStepBody, { signal }: Options = {}): Promise<void> {
  return call(() => http.post('login/sms', { json: body, signal }))
}

/** The enrolment the policy requires before the session opens: a new authenticator secret. */
export function beginSignInEnrolment(
  body: SecondStepBody,
  { signal }: Options = {},
): Promise<AuthenticatorSetupResults> {
  return callFor(
    async () => (await factorSchemas()).AuthenticatorSetupResults,
    () => http.post('login/enrolment', { json: body, signal }),
  )
}

/** A valid code ends that enrolment: the session opens, and the recovery codes come once. */
export function confirmSignInEnrolment(
  body: EnrolmentConfirmBody,
  { signal }: Options = {},
): Promise<EnrolmentResults> {
  return callFor(
    async () => (await authSchemas()).EnrolmentResults,
    () => http.post('login/enrolment/confirm', { json: body, signal }),
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
export function startAuthenticatorSetup(
  password: string,
  { signal }: Options = {},
): Promise<AuthenticatorSetupResults> {
  return callFor(
    async () => (await factorSchemas()).AuthenticatorSetupResults,
    () => http.post('factors/authenticator', { json: { password }, signal }),
  )
}

/** A valid code ends the enrolment; the recovery codes come once (empty if the user had some). */
export async function confirmAuthenticatorSetup(
  body: AuthenticatorConfirmBody,
  { signal }: Options = {},
): Promise<string[]> {
  const { recoveryCodes } = await callFor(
    async () => (await factorSchemas()).RecoveryCodesResults,
    () => http.post('factors/authenticator/confirm', { json: body, signal }),
  )
  return recoveryCodes
}

/** The password again, then the app is gone (and the recovery codes, when nothing else needs them). */
export function removeAuthenticator(password: string, { signal }: Options = {}): Promise<void> {
  return call(() => http.post('factors/authenticator/remove', { json: { password }, signal }))
}

/** The password again, then ten new recovery codes replace every old one; shown once. */
export async function regenerateRecoveryCodes(
  password: string,
  { signal }: Options = {},
): Promise<string[]> {
  const { recoveryCodes } = await callFor(
    async () => (await factorSchemas()).RecoveryCodesResults,
    () => http.post('factors/recovery-codes', { json: { password }, signal }),
  )
  return recoveryCodes
}
