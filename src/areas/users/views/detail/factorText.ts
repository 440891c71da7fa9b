import type { UserFactor } from '../../../../../schema/factors'
import { formatPhone } from '../userDisplay'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { timeAgo } from './timelineText'

/** One detail line of a factor: its words, and the exact time for a hover when relative. */
export type FactorLine = { text: string; exact?: string }

// The server records a first use and a last use for apps and passkeys; a text message's code and a
// recovery code leave no 'last used' to show (the timeline has each sign-in).
const SINCE: Record<UserFactor['kind'], string> = {
  authenticator: 'Enrolled',
  sms: 'Turned on',
  recovery: 'Issued',
  passkey: 'First registered',
}
const TRACKS_USE: readonly UserFactor['kind'][] = ['authenticator', 'passkey']

/**
 * The lines under a factor's name in the Second factors section: where text messages go, since
 * when it is there, when it was last used ('3 days ago', the exact time on hover).
 */
export function factorLines(
  factor: UserFactor,
  phone: string | null,
  now: number = Date.now(),
): FactorLine[] {
  const lines: FactorLine[] = []
  if (factor.kind === 'sms' && phone) lines.push({ text: `Codes go to ${formatPhone(phone)}` })
  if (factor.enrolledAt)
    lines.push({ text: `${SINCE[factor.kind]} ${formatDateTime(factor.enrolledAt)}` })
  if (factor.lastUsedAt)
    lines.push({
      text: `Last used ${timeAgo(factor.lastUsedAt, now)}`,
      exact: formatDateTime(factor.lastUsedAt),
    })
  else if (TRACKS_USE.includes(factor.kind)) lines.push({ text: 'Never used' })
  return lines
}
