import { UserFactorsResults, type UserFactor } from '../../../schema/factors'
import type { User } from '../../../schema/user'
import { UserAnswer } from '../../../schema/users'
import { storeUser } from '../db/users'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

const userPath = (id: string) => `user/${encodeURIComponent(id)}`

/**
 * A user's second factors as staff see them (GET /v1/user/:id/factors, users.read): which kinds,
 * since when, last used; never a secret. The factors are not synced, so each detail asks.
 */
export async function listUserFactors(id: string, { signal }: Options = {}): Promise<UserFactor[]> {
  return (await callFor(UserFactorsResults, () => http.get(`${userPath(id)}/factors`, { signal })))
    .factors
}

/**
 * Takes away the user's authenticator app, recovery codes and text-message codes (POST
 * /v1/user/:id/reset-factors, users.write; passkeys stay). The server audits it and mails the
 * owner; the answered user goes into the cache at once, so the list shows it before the sync.
 */
export async function resetUserFactors(id: string, { signal }: Options = {}): Promise<User> {
  const { user } = await callFor(UserAnswer, () =>
    http.post(`${userPath(id)}/reset-factors`, { signal }),
  )
  await storeUser(user)
  return user
}
