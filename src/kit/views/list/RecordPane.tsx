import { Box } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = { label: string; wide: boolean; children: ReactNode }

/** A list screen's detail side: beside the list from md, with its own scroll and edge. */
export function RecordPane({ label, wide, children }: Props) {
  return (
    <Box
      asChild
      flexGrow="1"
      minWidth="0"
      overflowY={wide ? 'auto' : undefined}
      pl={wide ? '4' : undefined}
      style={wide ? { boxShadow: 'inset 1px 0 var(--gray-a5)' } : undefined}
    >
      <section aria-label={label}>{children}</section>
    </Box>
  )
}
