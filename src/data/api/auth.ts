import type { LoginBody, LoginResults, VerifyBody, VerifyResults } from '../../../schema/auth'
import { call, callFor, http } from './client'

// The schemas load with the first answer: the sign-in page is in the first load, TypeBox is not.
const schemas = () => import('../../../schema/auth')

type Options = { signal?: AbortSignal }

/**
 * Step one of signing in. With `mfaId` in the answer a security code was sent and no session exists
 * yet; without it the session cookie is set.
 */
export function signIn(body: LoginBody, { signal }: Options = {}): Promise<LoginResults> {
  return callFor(async () => (await schemas()).LoginResults, () => http.post('login', { json: body, signal }))
}

/** Step two: the security code that the SMS carried. */
export function verifyAccessCode(
  body: Omit<VerifyBody, 'service'>,
  { signal }: Options = {},
): Promise<VerifyResults> {
  const json: VerifyBody = { ...body, service: 'sso' }
  return callFor(async () => (await schemas()).VerifyResults, () => http.post('login/verify', { json, signal }))
}

/** Ends the session on the server, which also clears the cookie. */
export function signOut({ signal }: Options = {}): Promise<void> {
  return call(() => http.post('logout', { signal }))
}
