import type { CSSProperties } from 'react'
import { formatDateTime } from '../../../kit/views/format/dateTime'

/** Column headers of the Queue's tables stay on one line ('Next attempt', 'Locked since'). */
export const HEADER_CELL: CSSProperties = { whiteSpace: 'nowrap' }

const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' }

/**
 * A time in SPEC.md's 'MMM DD, YYYY hh:mm A z', allowed to wrap only between the date and the
 * time, so a narrow column shows 'Nov 28, 2026' over '06:24 PM UTC'; '—' when there is none.
 */
export function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>
  const text = formatDateTime(iso)
  const at = text.search(/\d{4} /)
  if (at < 0) return <>{text}</>
  return (
    <>
      <span style={NO_WRAP}>{text.slice(0, at + 4)}</span>{' '}
      <span style={NO_WRAP}>{text.slice(at + 5)}</span>
    </>
  )
}
