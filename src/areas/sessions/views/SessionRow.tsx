import { TrashIcon } from '@radix-ui/react-icons'
import { Box, Button, Flex, Grid, IconButton, Text } from '@radix-ui/themes'
import { memo, type CSSProperties, type Ref } from 'react'
import { rowItem, rowStyle } from '../../../kit/views/list/rowPlace'
import type { RevokeActor } from '../machines/revoke.machine'
import type { SessionDisplay } from './sessionDisplay'

/**
 * Row heights the virtualizer lays out: one line on wide screens (48 px, as every one-line list
 * row of the console), three stacked on narrow ones.
 */
export const ROW_HEIGHT = { wide: 48, stacked: 88 } as const

/** The desktop columns; the header above the list uses the same ones. */
export const WIDE_COLUMNS = 'minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1.5fr) minmax(0, 1.7fr) 88px'

type Props = {
  session: SessionDisplay
  wide: boolean
  /** Absent when the person may not revoke sessions. */
  revoke: RevokeActor | undefined
  /** Where the row sits: its index, the list's length (Record Count) and its offset in px. */
  index: number
  setSize: number
  top: number
  ref?: Ref<HTMLDivElement>
}

type ButtonProps = {
  session: SessionDisplay
  revoke: RevokeActor
  /** The trash icon of the narrow list instead of the word. */
  icon?: boolean
  /** The accessible name where rows of several users stand together. */
  label?: string
}

/** Asks the revoke chart to confirm revoking the session. */
export function RevokeButton({ session, revoke, icon = false, label }: ButtonProps) {
  const request = () =>
    revoke.send({ type: 'revoke.request', target: { id: session.id, name: session.name } })
  if (icon) {
    return (
      <IconButton size="2" variant="soft" color="red" aria-label={label} onClick={request}>
        <TrashIcon />
      </IconButton>
    )
  }
  return (
    <Button size="1" variant="soft" color="red" aria-label={label} onClick={request}>
      Revoke
    </Button>
  )
}

/** One session: user, ip, device and expiry; a Revoke button for those allowed to revoke. */
export const SessionRow = memo(function SessionRow(props: Props) {
  const { session, wide, revoke, index, setSize, top, ref } = props
  const style: CSSProperties = {
    ...rowStyle(top, wide ? ROW_HEIGHT.wide : ROW_HEIGHT.stacked),
    boxShadow: 'inset 0 -1px var(--gray-a4)',
  }
  const action = revoke && (
    <RevokeButton
      session={session}
      revoke={revoke}
      icon={!wide}
      label={`Revoke session of ${session.name}`}
    />
  )
  const attributes = { ...rowItem(index, setSize), ref, style }
  if (wide) {
    return (
      <Grid {...attributes} columns={WIDE_COLUMNS} gap="3" align="center" px="3">
        <Text weight="medium" truncate>
          {session.name}
        </Text>
        <Text truncate>{session.ip}</Text>
        <Text color="gray" truncate>
          {session.device}
        </Text>
        <Text truncate>{session.expires}</Text>
        <Flex justify="end">{action}</Flex>
      </Grid>
    )
  }
  return (
    <Flex {...attributes} align="center" gap="3" px="3">
      <Box flexGrow="1" minWidth="0">
        <Text as="div" weight="medium" truncate>
          {session.name}
        </Text>
        <Text as="div" size="2" color="gray" truncate>
          {session.ip} · {session.device}
        </Text>
        <Text as="div" size="2" truncate>
          Expires {session.expires}
        </Text>
      </Box>
      {action}
    </Flex>
  )
})
