import { Badge, Box, Checkbox, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { Fragment, memo, type MouseEvent, type ReactNode, type Ref } from 'react'
import { rowItem, rowStyle } from '../../../kit/views/list/rowPlace'
import type { ColumnKey, ColumnLayout } from './userColumns'
import { STATUS_COLOR, STATUS_LABEL, type UserDisplay } from './userDisplay'
import '../../../kit/views/list/rowLink.css'
import './UserList.css'

/**
 * Row heights the virtualizer lays out. Desktop rows are one height whether a row is one line of
 * cells or the name over the email, so that a change of columns never moves the scroll position;
 * phones (and the narrow list beside the detail) have the name at a larger size over the email.
 */
export const ROW_HEIGHT = { wide: 56, compact: 60 } as const

export function StatusBadge({ status }: { status: UserDisplay['status'] }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="soft" size="1" highContrast>
      {STATUS_LABEL[status]}
    </Badge>
  )
}

type Props = {
  user: UserDisplay
  /** The columns (all rows and the header share them), from the list's width and content. */
  layout: ColumnLayout
  /** Desktop /users: the columns; otherwise the phone's name over email and status. */
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

/** One cell's text: one line, cut with an ellipsis only where the column cannot hold it. */
function Cell({
  column,
  title,
  children,
  gray,
  weight,
}: {
  column: ColumnKey
  title?: string
  children: ReactNode
  gray?: boolean
  weight?: 'medium'
}) {
  return (
    <Text
      size="2"
      truncate
      data-cell={column}
      title={title || undefined}
      color={gray ? 'gray' : undefined}
      weight={weight}
    >
      {children}
    </Text>
  )
}

function cell(column: ColumnKey, user: UserDisplay, wide: boolean): ReactNode {
  switch (column) {
    case 'person':
      // The name over the email: the phone's row, and the desktop's when the columns are short.
      return (
        <Box minWidth="0">
          <Text
            as="div"
            size={wide ? '2' : '3'}
            weight="medium"
            truncate
            data-cell="name"
            title={user.fullName}
          >
            {user.fullName}
          </Text>{' '}
          <Text as="div" size="2" color="gray" truncate data-cell="email" title={user.email}>
            {user.email}
          </Text>
        </Box>
      )
    case 'name':
      return (
        <Cell column="name" title={user.fullName} weight="medium">
          {user.fullName}
        </Cell>
      )
    case 'email':
      return (
        <Cell column="email" title={user.email}>
          {user.email}
        </Cell>
      )
    case 'phone':
      return <Cell column="phone">{user.phone}</Cell>
    case 'type':
      return <Cell column="type">{user.type}</Cell>
    case 'status':
      return (
        <Box data-cell="status" minWidth="0">
          <StatusBadge status={user.status} />
        </Box>
      )
    case 'factors':
      // One column for every factor (issue 28): 'App, SMS, 2 passkeys', or 'None'.
      return (
        <Cell column="factors" title={user.factorsFull} gray={user.noFactor}>
          {user.factors}
        </Cell>
      )
    case 'lastSignIn':
      return (
        <Cell column="lastSignIn" title={user.lastSignInExact}>
          {user.lastSignIn}
        </Cell>
      )
    case 'created':
      return (
        <Cell column="created" title={user.createdExact}>
          {user.created}
        </Cell>
      )
  }
}

/**
 * One user: a checkbox (for those who may act on users) in a 32 px target, then a link to
 * /users/{id} whose name starts with 'First Last'. The columns are the list's `layout`. The
 * selected row's band and accent bar span the whole row, the checkbox included.
 */
export const UserRow = memo(function UserRow(props: Props) {
  const { user, layout, wide, selected, checked, onCheck, index, setSize, top, ref } = props
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
      data-selected={selected || undefined}
    >
      {checked !== undefined && (
        <div className="gh-user-check-cell">
          <Checkbox
            className="gh-user-check"
            checked={checked}
            aria-label={`Select ${user.fullName}`}
            onClick={onClick}
          />
        </div>
      )}
      <Link
        to="/users/$id"
        params={{ id: user.id }}
        className="gh-user-link gh-row-link"
        aria-current={selected ? 'page' : undefined}
        style={{ gridTemplateColumns: layout.template }}
      >
        {layout.shown.map((column, n) => (
          // The spaces keep the cells apart in the link's accessible name.
          <Fragment key={column}>
            {n > 0 && ' '}
            {cell(column, user, wide)}
          </Fragment>
        ))}
      </Link>
    </div>
  )
})
