import type { UserFactor } from '../../../../schema/factors'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** The user as the dialog and the notices name them. */
export type Named = { name: string; email: string }

type Kind = UserFactor['kind']

/** Each kind of factor as the Second factors section names it. */
export const FACTOR_LABEL: Record<Kind, string> = {
  authenticator: 'Authenticator app',
  sms: 'Text message',
  recovery: 'Recovery codes',
  passkey: 'Passkeys',
}

/** The order the section lists them in: the strongest second step first, passkeys last. */
export const FACTOR_ORDER: readonly Kind[] = ['authenticator', 'sms', 'recovery', 'passkey']

/** What the reset takes away; a passkey is a sign-in of its own, with its own action. */
export const RESETTABLE: readonly Kind[] = ['authenticator', 'sms', 'recovery']

/** Whether a reset would take anything away. */
export const canReset = (factors: readonly UserFactor[]) =>
  factors.some((factor) => RESETTABLE.includes(factor.kind))

export const NO_SECOND_FACTOR = 'No second factor'

/** 'Recovery codes: 7 left', 'Passkeys: 2': the kind, with its count where it has one. */
export function factorTitle(factor: UserFactor): string {
  const label = FACTOR_LABEL[factor.kind]
  if (factor.count === undefined) return label
  return factor.kind === 'recovery' ? `${label}: ${factor.count} left` : `${label}: ${factor.count}`
}

export const RESET_WORDS = {
  /** The section's button, and the dialog's confirming button. */
  label: 'Reset second factors',
  title: (u: Named) => `Reset the second factors of ${u.name}?`,
  text: (u: Named) =>
    `${u.name}'s authenticator app, recovery codes and text-message codes stop working; ` +
    `passkeys stay. An email tells ${u.email}, who can set up a second factor again on their Profile.`,
}

export const resetDoneNotice = (u: Named) =>
  succeeded(`The second factors of ${u.name} were reset. An email tells them.`)

export const resetFailedNotice = (reason: string | null) =>
  failed('The second factors were not reset', reason)
