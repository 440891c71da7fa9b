import {
  MfaPoliciesResults,
  MfaPolicyResults,
  type MfaPolicy,
  type MfaPolicyBody,
} from '../../../schema/factors'
import type { UserType } from '../../../schema/permissions'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal }

/** The second-factor policy of each user type (GET /v1/mfa-policy, users.read). */
export async function readMfaPolicies({ signal }: Options = {}): Promise<MfaPolicy[]> {
  return (await callFor(MfaPoliciesResults, () => http.get('mfa-policy', { signal }))).policies
}

/**
 * Sets one user type's policy (PUT /v1/mfa-policy/:type, users.write); the server audits the
 * change and answers the policy as stored, with when a requirement began.
 */
export async function setMfaPolicy(
  type: UserType,
  body: MfaPolicyBody,
  { signal }: Options = {},
): Promise<MfaPolicy> {
  return (
    await callFor(MfaPolicyResults, () =>
      http.put(`mfa-policy/${encodeURIComponent(type)}`, { json: body, signal }),
    )
  ).policy
}
