import dayjs from 'dayjs'

/** 'Sep 01, 2026': the day the grace period ends, in the browser's zone. */
export const graceDate = (iso: string) => dayjs(iso).format('MMM DD, YYYY')

/** Within a week the days say more than the date; the date is in the text either way. */
export function graceTitle(graceUntil: string, daysLeft: number): string {
  if (daysLeft <= 7)
    return `Set up a second factor within ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`
  return `Set up a second factor by ${graceDate(graceUntil)}`
}

export const graceText = (graceUntil: string) =>
  `Your organisation now requires a second factor, such as an authenticator app. After ${graceDate(graceUntil)}, signing in will ask you to set one up before you can continue.`
