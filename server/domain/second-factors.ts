import type { SecondFactorMethod } from '../../schema/factors'

/** Text messages one second step may send (the first, and two more on request). */
export const MAX_SMS_PER_STEP = 3

/** How a sign-in was made, as RFC 8176 names it, for sessions and id tokens. */
export const AMR = {
  password: ['pwd'],
  totp: ['pwd', 'otp', 'mfa'],
  sms: ['pwd', 'sms', 'mfa'],
  recovery: ['pwd', 'otp', 'mfa'],
  // A passkey that verified the user is possession and inherence at once.
  passkey: ['hwk', 'user', 'mfa'],
} as const satisfies Record<SecondFactorMethod | 'password' | 'passkey', readonly string[]>

/** The acr of a sign-in: `mfa` when two factors were used, else `pwd`. */
export const acrOf = (amr: readonly string[]): 'mfa' | 'pwd' =>
  amr.includes('mfa') ? 'mfa' : 'pwd'

/** When a user without a second factor must have one: the later of the policy and the account, plus the grace. */
export function graceUntil(requiredSince: Date, userCreatedAt: Date, graceDays: number): Date {
  const from = Math.max(requiredSince.getTime(), userCreatedAt.getTime())
  return new Date(from + graceDays * 24 * 3600_000)
}

export const FACTOR_NOTICES = {
  enrolled: {
    subject: 'An authenticator app was added to your Gatehouse account',
    text:
      'An authenticator app now gives the second step of your Gatehouse sign-ins. ' +
      'If you did not add it, change your password and tell your administrator.',
  },
  removed: {
    subject: 'The authenticator app was removed from your Gatehouse account',
    text:
      'The authenticator app no longer gives the second step of your Gatehouse sign-ins. ' +
      'If you did not remove it, change your password and tell your administrator.',
  },
  recoveryUsed: (left: number) => ({
    subject: 'A recovery code was used to sign in to your Gatehouse account',
    text:
      `A recovery code was used for the second step of a sign-in to your Gatehouse account; ` +
      `${left} ${left === 1 ? 'code is' : 'codes are'} left. If this was not you, change your password ` +
      'and tell your administrator. Create new codes on your Profile when few are left.',
  }),
  reset: {
    subject: 'Your Gatehouse second factors were reset',
    text:
      'An administrator reset the second factors of your Gatehouse account: the authenticator app, ' +
      'the recovery codes and text-message codes no longer work. Set up a second factor again on your Profile.',
  },
}
