import dayjs from 'dayjs'
import type { SelfUser } from '../../../../../schema/user'

/** Morning until noon, afternoon until six, evening after. */
export function greeting(nameFirst: string, now: Date): string {
  const hour = now.getHours()
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'
  const name = nameFirst.trim()
  return name ? `Good ${part}, ${name}` : `Good ${part}`
}

/** The sign-in before this one, in the person's local time, so that they can spot one that was not theirs. */
export function previousSignInText(previous: SelfUser['previousSignIn']): string {
  if (!previous) return 'This is your first sign-in.'
  return `Last signed in ${dayjs(previous.at).format('MMM DD, YYYY hh:mm A')} from ${previous.ip}`
}
