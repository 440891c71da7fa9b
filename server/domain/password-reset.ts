/** A reset link works for one hour, once (DESIGN.md §4). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000

/** An invitation's set-password link waits longer: the new user may not read mail at once. */
export const INVITATION_TTL_MS = 72 * 60 * 60_000

/**
 * Reset requests and bad links are counted over this window. Per address: a mailbox is not flooded
 * and an address cannot be used to spam its owner. Per client address: one machine cannot sweep many
 * addresses or guess link tokens; bad links count toward the same budget.
 */
export const RESET_THROTTLE_WINDOW_SECONDS = 15 * 60
export const RESET_MAX_PER_ADDRESS = 3
export const RESET_MAX_PER_CLIENT = 10

/** The console's reset page for a token. */
export const resetLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/passwordReset/${token}`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Why a reset link is sent: the owner asked for it, an administrator unlocked the account, sent a
 * link (Users screen), or invited a new user (whose first password it sets).
 */
export type ResetReason = 'requested' | 'unlocked' | 'admin' | 'invited'

/** How long a link of each reason works. */
export const resetTokenTtlMs = (reason: ResetReason): number =>
  reason === 'invited' ? INVITATION_TTL_MS : RESET_TOKEN_TTL_MS

const OPENING: Record<
  ResetReason,
  { subject: string; lead: string; tail: string; action?: string; expires?: string }
> = {
  requested: {
    subject: 'Reset your Gatehouse password',
    lead: 'Someone asked to reset the password of your Gatehouse account.',
    tail: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  },
  unlocked: {
    subject: 'Your Gatehouse account has been unlocked',
    lead: 'An administrator has unlocked your Gatehouse account, which was locked after too many failed sign-in attempts.',
    tail: 'Choose a new password now: whoever made those attempts may have been guessing it.',
  },
  admin: {
    subject: 'Choose a new Gatehouse password',
    lead: 'An administrator sent you a link to choose a new password for your Gatehouse account.',
    tail: 'Until you use it, your password stays as it is.',
  },
  invited: {
    subject: 'You are invited to Gatehouse',
    lead: 'An administrator has created a Gatehouse account for you.',
    tail: 'After choosing your password, sign in with this email address.',
    action: 'To choose your password',
    expires: '72 hours',
  },
}

/** The email that carries a reset link. */
export function resetMail(
  link: string,
  reason: ResetReason = 'requested',
): { subject: string; text: string; html: string } {
  const href = escapeHtml(link)
  const {
    subject,
    lead,
    tail,
    action = 'To choose a new password',
    expires = '1 hour',
  } = OPENING[reason]
  const button = reason === 'invited' ? 'Choose your password' : 'Choose a new password'
  return {
    subject,
    text:
      `${lead} ${action}, open ${link}\n\n` +
      `The link expires in ${expires} and works once. ${tail}`,
    html:
      `<p>${lead}</p>` +
      `<p><a href="${href}">${button}</a></p>` +
      `<p>Or open this address: ${href}</p>` +
      `<p>The link expires in ${expires} and works once. ${tail}</p>`,
  }
}

/** The 823 message: when the client may try again, in seconds under two minutes, else in minutes. */
export function resetThrottleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  const when =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}`
      : `${minutes} minutes`
  return `Too many password reset attempts. Try again in ${when}.`
}
