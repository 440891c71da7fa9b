import { SelfResults, type SelfUser } from '../../../schema/user'
import { callFor, http } from './client'

/** The signed-in user; fails with code 401 when there is no session. */
export async function fetchSelf({ signal }: { signal?: AbortSignal } = {}): Promise<SelfUser> {
  const results = await callFor(SelfResults, () => http.get('self', { signal }))
  return results.user
}
