import { Grid, Text } from '@radix-ui/themes'
import { useMemo } from 'react'
import type { ListActor } from '../../../kit/machines/list.machine'
import type { RevokeActor } from '../machines/revoke.machine'
import { browserZone } from '../../../kit/views/format/dateTime'
import { VirtualList } from '../../../kit/views/list/VirtualList'
import { describeSessionOnce } from './sessionDisplay'
import { ROW_HEIGHT, SessionRow, WIDE_COLUMNS } from './SessionRow'

type Props = { list: ListActor; revoke: RevokeActor | undefined; wide: boolean }

function ColumnHeader() {
  return (
    <Grid columns={WIDE_COLUMNS} gap="3" px="3" py="2" aria-hidden flexShrink="0">
      {['User', 'IP Address', 'Device', 'Expires'].map((title) => (
        <Text key={title} size="1" weight="bold" color="gray">
          {title}
        </Text>
      ))}
    </Grid>
  )
}

/**
 * The loaded sessions, virtualized: only the rows in view (and a few either side) are in the page,
 * so 100,000 rows scroll as smoothly as 50. Item 40 of the last page asks for the next one.
 */
export function SessionList({ list, revoke, wide }: Props) {
  const zone = useMemo(() => browserZone(), [])
  return (
    <VirtualList
      list={list}
      label="Sessions"
      rowHeight={wide ? ROW_HEIGHT.wide : ROW_HEIGHT.stacked}
      header={wide && <ColumnHeader />}
      focusable
      row={(row, place) => (
        <SessionRow
          {...place}
          session={describeSessionOnce(row, zone)}
          wide={wide}
          revoke={revoke}
        />
      )}
    />
  )
}
