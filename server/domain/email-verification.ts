/** A link that confirms an address staff gave a user works for 24 hours, once. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000

/** The console's confirmation page for a token. */
export const emailVerificationLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/verifyEmail/${token}`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

type Mail = { subject: string; text: string; html: string }

/** To the new address: the link that makes it the account's address. */
export function confirmEmailMail(link: string, email: string): Mail {
  const lead = `An administrator changed the email address of your Gatehouse account to ${email}.`
  const tail =
    'The link expires in 24 hours and works once. Until you open it, the account keeps its old address.'
  return {
    subject: 'Confirm your Gatehouse email address',
    text: `${lead} To confirm it, open ${link}\n\n${tail}`,
    html:
      `<p>${escapeHtml(lead)}</p>` +
      `<p><a href="${escapeHtml(link)}">Confirm this address</a></p>` +
      `<p>Or open this address: ${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(tail)}</p>`,
  }
}

/** To the old address: a notice, so that an unexpected change does not pass unseen. */
export function emailChangeNoticeMail(oldEmail: string, newEmail: string): Mail {
  const text =
    `An administrator asked to change the email address of your Gatehouse account from ${oldEmail} ` +
    `to ${newEmail}. The change takes effect once the new address is confirmed from a link sent ` +
    'to it. If you did not expect this, contact your administrator.'
  return {
    subject: 'Your Gatehouse email address is being changed',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  }
}
