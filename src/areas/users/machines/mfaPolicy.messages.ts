import type { MfaPolicy, MfaPolicyBody, MfaPolicyMode } from '../../../../schema/factors'
import { UserTypes, type UserType } from '../../../../schema/permissions'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** One row of the dialog as the person left it: the mode, and the grace days as typed. */
export type PolicyDraft = { mode: MfaPolicyMode; graceDays: string }
export type PolicyDrafts = Record<UserType, PolicyDraft>

export const GRACE_MAX = 365

/** The rows of the dialog, one per user type, as it names them. */
export const POLICY_TYPES: readonly UserType[] = UserTypes
export const TYPE_LABEL: Record<UserType, string> = {
  INTERNAL: 'Internal users',
  EXTERNAL: 'External users',
}
export const TYPE_HINT: Record<UserType, string> = {
  INTERNAL: 'Provider staff.',
  EXTERNAL: 'Customers and partners.',
}

export const MODE_LABEL: Record<MfaPolicyMode, string> = {
  off: 'Off',
  optional: 'Optional',
  required: 'Required',
}
export const MODE_HINT: Record<MfaPolicyMode, string> = {
  off: 'Nothing is asked of them beyond the password.',
  optional: 'They may set up a second factor on their Profile.',
  required:
    'Those without a second factor are warned at sign-in; once the grace days are over they set one up right after the password, before the console or any service.',
}

export const GRACE_ERROR = `A whole number of days from 0 to ${GRACE_MAX}`

/** The grace days' rule (the server's: an integer from 0 to 365); undefined when it passes. */
export function graceError(typed: string): string | undefined {
  const trimmed = typed.trim()
  return /^\d{1,3}$/.test(trimmed) && Number(trimmed) <= GRACE_MAX ? undefined : GRACE_ERROR
}

/** A policy as its row opens. */
export const draftOf = (policy: MfaPolicy): PolicyDraft => ({
  mode: policy.mode,
  graceDays: String(policy.graceDays),
})

/** Every row as the server last said, a type it did not name as the server's default would be. */
export function draftsOf(policies: readonly MfaPolicy[]): PolicyDrafts {
  const byType = (type: UserType) => policies.find((p) => p.type === type)
  return Object.fromEntries(
    POLICY_TYPES.map((type) => {
      const policy = byType(type)
      return [type, policy ? draftOf(policy) : { mode: 'optional', graceDays: '7' }]
    }),
  ) as PolicyDrafts
}

/**
 * What PUT /v1/mfa-policy/:type is sent. Grace days apply only to a requirement (the field shows
 * only then): otherwise the stored value goes back unchanged.
 */
export function policyBody(draft: PolicyDraft, saved: MfaPolicy | undefined): MfaPolicyBody {
  return {
    mode: draft.mode,
    graceDays: draft.mode === 'required' ? Number(draft.graceDays.trim()) : (saved?.graceDays ?? 7),
  }
}

/** Whether Save would change the stored policy, and with a value the server takes. */
export function canSavePolicy(draft: PolicyDraft, saved: MfaPolicy | undefined): boolean {
  if (draft.mode === 'required' && graceError(draft.graceDays)) return false
  const body = policyBody(draft, saved)
  return !saved || body.mode !== saved.mode || body.graceDays !== saved.graceDays
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/** 'Internal users: a second factor is required, with 3 days' grace.' */
export function policySentence(policy: Pick<MfaPolicy, 'type' | 'mode' | 'graceDays'>): string {
  const who = TYPE_LABEL[policy.type]
  switch (policy.mode) {
    case 'off':
      return `${who}: second factors are off.`
    case 'optional':
      return `${who}: a second factor is optional.`
    case 'required':
      return policy.graceDays === 0
        ? `${who}: a second factor is required, with no grace.`
        : `${who}: a second factor is required, with ${days(policy.graceDays)}' grace.`
  }
}

export const policySavedNotice = (policy: MfaPolicy) => succeeded(policySentence(policy))

export const policyNotSavedNotice = (type: UserType, reason: string | null) =>
  failed(`The policy for ${TYPE_LABEL[type].toLowerCase()} was not saved`, reason)
