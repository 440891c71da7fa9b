import dayjs from 'dayjs'
import advancedFormat from 'dayjs/plugin/advancedFormat'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)
dayjs.extend(advancedFormat)

/** SPEC.md §2: how the console shows a moment, with the zone's abbreviation ('z'). */
export const DATE_TIME_FORMAT = 'MMM DD, YYYY hh:mm A z'

/** The browser's time zone, which every time on screen is shown in. */
export const browserZone = (): string => dayjs.tz.guess()

/** 'Mar 05, 2026 02:30 PM EST' for an ISO-8601 time, in `zone` (the browser's by default). */
export function formatDateTime(iso: string, zone: string = browserZone()): string {
  const moment = dayjs(iso)
  return moment.isValid() ? moment.tz(zone).format(DATE_TIME_FORMAT) : ''
}
