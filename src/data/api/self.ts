import type { SelfUser } from '../../../schema/user'
import { callFor, http } from './client'

// The schema and the checker load with the answer: a visitor's 401 needs none of TypeBox (first load).
const selfResults = async () => (await import('../../../schema/user')).SelfResults

/** The signed-in user; fails with code 401 when there is no session. */
export async function fetchSelf({ signal }: { signal?: AbortSignal } = {}): Promise<SelfUser> {
  const results = await callFor(selfResults, () => http.get('self', { signal }), {
    withAnswer: true,
  })
  return results.user
}
