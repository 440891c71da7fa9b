import type { SelfUser } from '../../../../../schema/user'
import { formatDateTime } from '../../../../kit/views/format/dateTime'

/**
 * The name the first administrator is created with (server/use-cases/first-administrator.ts):
 * a placeholder, not a person's name, so Home does not greet it.
 */
const FIRST_ADMINISTRATOR = { nameFirst: 'Gatehouse', nameLast: 'Administrator' }

/**
 * Morning until noon, afternoon until six, evening after; with the person's first name, unless
 * there is none or it is still the first administrator's placeholder ('Good afternoon, Gatehouse'
 * greeted the product, not the person).
 */
export function greeting(user: Pick<SelfUser, 'nameFirst' | 'nameLast'>, now: Date): string {
  const hour = now.getHours()
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'
  const name = user.nameFirst.trim()
  const placeholder =
    name === FIRST_ADMINISTRATOR.nameFirst && user.nameLast.trim() === FIRST_ADMINISTRATOR.nameLast
  return name && !placeholder ? `Good ${part}, ${name}` : `Good ${part}`
}

/**
 * The sign-in before this one, in the person's time zone (SPEC.md's 'MMM DD, YYYY hh:mm A z'), so
 * that they can spot one that was not theirs.
 */
export function previousSignInText(previous: SelfUser['previousSignIn'], zone?: string): string {
  if (!previous) return 'This is your first sign-in.'
  return `Last signed in ${formatDateTime(previous.at, zone)} from ${previous.ip}`
}

/** '1 locked account', '1,204 locked accounts': whole numbers with thousands separators. */
export function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}
