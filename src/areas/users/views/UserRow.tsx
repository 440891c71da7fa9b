import { Badge, Box, Checkbox, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { memo, type MouseEvent, type Ref } from 'react'
import { rowItem, rowStyle } from '../../../kit/views/list/rowPlace'
import { STATUS_COLOR, STATUS_LABEL, type UserDisplay } from './userDisplay'
import '../../../kit/views/list/rowLink.css'
import './UserList.css'

/** Row heights the virtualizer lays out: one line of columns, or name over email. */
export const ROW_HEIGHT = { wide: 48, compact: 60 } as const

/** The desktop columns; the header above the list uses the same ones. */
export const WIDE_COLUMNS =
  'minmax(0, 1.6fr) minmax(0, 2fr) minmax(0, 1.1fr) 72px 150px 140px minmax(0, 1fr) 100px'
export const WIDE_TITLES = [
  'Name',
  'Email',
  'Phone',
  'Type',
  'Status',
  'Second factors',
  'Last sign-in',
  'Created',
]

export function StatusBadge({ status }: { status: UserDisplay['status'] }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="soft" size="1" highContrast>
      {STATUS_LABEL[status]}
    </Badge>
  )
}

type Props = {
  user: UserDisplay
  wide: boolean
  selected: boolean
  /** Absent when the person may not act on users: no checkbox. */
  checked: boolean | undefined
  onCheck: (id: string, range: boolean) => void
  index: number
  setSize: number
  top: number
  ref?: Ref<HTMLDivElement>
}

/**
 * One user: a checkbox (for those who may act on users), then a link to /users/{id} whose name
 * starts with 'Last, First'. Wide: every column; compact (phones, or beside the detail): name,
 * email and the status badge.
 */
export const UserRow = memo(function UserRow(props: Props) {
  const { user, wide, selected, checked, onCheck, index, setSize, top, ref } = props
  // Shift-click selects the range from the last row clicked; the click itself is the chart's.
  const onClick = (event: MouseEvent) => {
    event.preventDefault()
    onCheck(user.id, event.shiftKey)
  }
  return (
    <div
      {...rowItem(index, setSize)}
      ref={ref}
      style={rowStyle(top, wide ? ROW_HEIGHT.wide : ROW_HEIGHT.compact)}
      className="gh-user-row"
      data-checked={checked || undefined}
    >
      {checked !== undefined && (
        <Flex pl="3" align="center">
          <Checkbox checked={checked} aria-label={`Select ${user.fullName}`} onClick={onClick} />
        </Flex>
      )}
      <Link
        to="/users/$id"
        params={{ id: user.id }}
        className="gh-user-link gh-row-link"
        aria-current={selected ? 'page' : undefined}
        style={{ gridTemplateColumns: wide ? WIDE_COLUMNS : 'minmax(0, 1fr) auto' }}
      >
        {wide ? (
          <>
            {/* The spaces keep the cells apart in the link's accessible name. */}
            <Text weight="medium" truncate>
              {user.sortName}
            </Text>{' '}
            <Text truncate>{user.email}</Text> <Text truncate>{user.phone}</Text>{' '}
            <Text truncate>{user.type}</Text>{' '}
            <Box>
              <StatusBadge status={user.status} />
            </Box>{' '}
            {/* One column for every factor (issue 28): 'App, SMS, 2 passkeys', or 'None'. */}
            <Text truncate title={user.factorsFull} color={user.noFactor ? 'gray' : undefined}>
              {user.factors}
            </Text>{' '}
            <Text truncate title={user.lastSignInExact || undefined}>
              {user.lastSignIn}
            </Text>{' '}
            <Text truncate title={user.createdExact}>
              {user.created}
            </Text>
          </>
        ) : (
          <>
            <Box minWidth="0">
              <Text as="div" weight="medium" truncate>
                {user.sortName}
              </Text>
              <Text as="div" size="2" color="gray" truncate>
                {user.email}
              </Text>
            </Box>
            <StatusBadge status={user.status} />
          </>
        )}
      </Link>
    </div>
  )
})
