import Type from 'typebox'
import type { User } from '../../../schema/user'
import {
  type AccessBody,
  BULK_MAX,
  type BulkAction,
  BulkResults,
  EmailVerificationResults,
  type InviteBody,
  PasskeysRemovedResults,
  TimelineResults,
  type UserAction,
  UserAnswer,
} from '../../../schema/users'
import { callFor, http } from './client'
import { storeUser } from '../db/users'

type Options = { signal?: AbortSignal }

const userPath = (id: string) => `user/${encodeURIComponent(id)}`

/** Keeps the cache in step with what the server just confirmed, before the sync brings it. */
async function stored(user: User): Promise<User> {
  await storeUser(user)
  return user
}

/** Adds a user and sends the invitation mail (users.write). 409 when the email or phone is taken. */
export async function inviteUser(body: InviteBody, { signal }: Options = {}): Promise<User> {
  return stored((await callFor(UserAnswer, () => http.post('users', { json: body, signal }))).user)
}

/** Sets the user's type and permissions. 422 with the reason when a guard rail refuses it. */
export async function changeAccess(id: string, body: AccessBody, { signal }: Options = {}) {
  return stored(
    (await callFor(UserAnswer, () => http.put(`${userPath(id)}/access`, { json: body, signal })))
      .user,
  )
}

const UnlockAnswer = Type.Object({ user: UserAnswer.properties.user, unlocked: Type.Boolean() })

/** One of the single-user actions (lock, unlock, disable, enable, reset-link, require-password-change). */
export async function userAction(id: string, action: UserAction, { signal }: Options = {}) {
  const results = await callFor(action === 'unlock' ? UnlockAnswer : UserAnswer, () =>
    http.post(`${userPath(id)}/${action}`, { signal }),
  )
  return stored(results.user)
}

/** Removes every passkey of the user; answers how many there were. */
export async function removePasskeys(id: string, { signal }: Options = {}) {
  const results = await callFor(PasskeysRemovedResults, () =>
    http.delete(`${userPath(id)}/passkeys`, { signal }),
  )
  await storeUser(results.user)
  return results
}

/**
 * A bulk action over any number of users, sent BULK_MAX ids at a time; `onProgress` hears how many
 * were sent so far. The answers are merged: what was done, and what was refused and why.
 */
export async function bulkAction(
  action: BulkAction,
  ids: readonly string[],
  { signal, onProgress }: Options & { onProgress?: (sent: number) => void } = {},
): Promise<BulkResults> {
  const merged: BulkResults = { done: [], refused: [] }
  for (let start = 0; start < ids.length; start += BULK_MAX) {
    const chunk = ids.slice(start, start + BULK_MAX)
    const results = await callFor(BulkResults, () =>
      http.post(`users/${action}`, { json: { ids: chunk }, signal }),
    )
    merged.done.push(...results.done)
    merged.refused.push(...results.refused)
    onProgress?.(start + chunk.length)
  }
  return merged
}

/** One page of the user's audit timeline, newest first; pass the cursor back for older events. */
export async function userTimeline(
  id: string,
  before: string | null,
  { signal, limit = 50 }: Options & { limit?: number } = {},
) {
  const searchParams: Record<string, string | number> = { limit }
  if (before) searchParams.before = before
  return callFor(TimelineResults, () =>
    http.get(`${userPath(id)}/timeline`, { searchParams, signal }),
  )
}

/** Confirms an address staff gave the user (the link in the verification mail; no sign-in needed). */
export async function verifyEmail(token: string, { signal }: Options = {}) {
  return callFor(EmailVerificationResults, () =>
    http.post(`email-verification/${encodeURIComponent(token)}`, { signal }),
  )
}
