import Type from 'typebox'
import type { PasswordChangeBody } from '../../../schema/password'
import { call, callFor, http } from './client'

type Options = { signal?: AbortSignal }

/**
 * What GET /v1/resettoken/:slug answers for a live link: the address it was sent to, and whether
 * it is an invitation (older servers do not say: a reset).
 */
const ResetTokenResults = Type.Object({
  email: Type.String(),
  invitation: Type.Optional(Type.Boolean()),
})

/** A live link: for whom, and whether it invites a new user to choose a first password. */
export type ResetLink = { email: string; invitation: boolean }

/** The body of PUT /v1/passwordreset/:slug: the address on file, as a check, and the new password. */
export type PasswordResetBody = { username: string; password: string }

/**
 * Asks for a reset link by mail. The server answers the same whether or not the address belongs to
 * anyone (DESIGN.md §4), so success says only that the request was taken; 823 when throttled.
 */
export function requestPasswordReset(email: string, { signal }: Options = {}): Promise<void> {
  return call(() => http.post(`passwordReset/${encodeURIComponent(email)}`, { signal }))
}

/**
 * The address a reset link was sent to, and whether it is an invitation; fails with code 804 when
 * the link is unknown or used up.
 */
export async function lookUpResetToken(
  slug: string,
  { signal }: Options = {},
): Promise<ResetLink> {
  const results = await callFor(ResetTokenResults, () =>
    http.get(`resettoken/${encodeURIComponent(slug)}`, { signal }),
  )
  return { email: results.email, invitation: results.invitation ?? false }
}

/**
 * Sets a new password through a reset link (single use). It ends every session of the account;
 * 804 expired link, 1001 wrong address, 806 policy, 807 recently used.
 */
export function resetPassword(
  slug: string,
  body: PasswordResetBody,
  { signal }: Options = {},
): Promise<void> {
  return call(() => http.put(`passwordreset/${encodeURIComponent(slug)}`, { json: body, signal }))
}

/**
 * The signed-in user changes their own password; their other sessions end. 805 wrong old password,
 * 806 policy, 807 recently used.
 */
export function changePassword(
  userId: string,
  body: PasswordChangeBody,
  { signal }: Options = {},
): Promise<void> {
  return call(() =>
    http.put(`user/${encodeURIComponent(userId)}/password`, { json: body, signal }),
  )
}
