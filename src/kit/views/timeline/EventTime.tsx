import { timeAgo } from '../../../../schema/audit-text'
import { formatDateTime } from '../format/dateTime'

/** When an event happened, 'n days ago' as of `now`, with the exact time as its title. */
export function EventTime({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {timeAgo(at, now)}
    </time>
  )
}
