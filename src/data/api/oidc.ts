import type { InteractionDetails, InteractionDoneResults } from '../../../schema/oidc'
import { callFor, http } from './client'

// The interaction's API is beside its page, not under /v1: the provider's interaction cookie is
// scoped to /oidc/interaction/:uid (docs/sso.md).
const interaction = http.extend({
  prefixUrl: new URL('/oidc/interaction/', globalThis.location?.href ?? 'http://localhost/').href,
})

const schemas = () => import('../../../schema/oidc')
const path = (uid: string, step: string) => `${encodeURIComponent(uid)}/${step}`

type Options = { signal?: AbortSignal }

/** What the sign-in to a service shows: the service, the scopes, who is signed in here. */
export async function fetchInteraction(uid: string, { signal }: Options = {}): Promise<InteractionDetails> {
  const results = await callFor(
    async () => (await schemas()).InteractionDetailsResults,
    () => interaction.get(path(uid, 'details'), { signal }),
  )
  return results.interaction
}

type Step = 'login' | 'consent' | 'abort'

/** Completes one step of the sign-in; the answer says where the browser goes next. */
export function finishInteraction(
  uid: string,
  step: Step,
  { signal }: Options = {},
): Promise<InteractionDoneResults> {
  return callFor(
    async () => (await schemas()).InteractionDoneResults,
    () => interaction.post(path(uid, step), { signal }),
  )
}
