import {
  Button,
  Checkbox,
  Flex,
  Link as RadixLink,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { LockedAccount } from '../../../../schema/queue'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import type { QueueListActor, QueueListSnapshot } from '../machines/queueList.machine'
import { accountsWord } from '../machines/queueList.messages'
import { selectActing, selectAttention, selectSelected } from '../machines/queueList.selectors'
import { DateTime, HEADER_CELL } from './tableStyle'

export type Can = { write: boolean; unlock: boolean; logs: boolean }

/** The checkbox's visible box stays Radix's; its hit area is 24 × 24 px (WCAG 2.5.8). */
const CHECKBOX_TARGET = { width: 24, height: 24 } as const

/** The rule between two accounts on a phone, so each pair of actions reads with its own name. */
const DIVIDER = { borderTop: '1px solid var(--gray-a5)', paddingTop: 'var(--space-3)' } as const

const selectLockedView = (s: QueueListSnapshot) => ({
  locked: selectAttention(s).locked,
  selected: selectSelected(s),
  busy: selectActing(s),
})

function useLocked(actor: QueueListActor) {
  const view = useSelector(actor, selectLockedView, shallowEqual)
  const checked = new Set(view.selected)
  return {
    ...view,
    checked,
    select: (ids: string[], selected: boolean) =>
      actor.send({ type: 'queue.select', ids, selected }),
    unlock: (account: LockedAccount) =>
      actor.send({ type: 'queue.request', request: { action: 'unlock', account } }),
  }
}

type Locked = ReturnType<typeof useLocked>

/** The person's name, to their page in Users. */
function NameLink({ account }: { account: LockedAccount }) {
  return (
    <RadixLink asChild weight="medium">
      <Link to="/users/$id" params={{ id: account.id }}>
        {account.name}
      </Link>
    </RadixLink>
  )
}

/** 'Show in Logs' and 'Unlock', as the person may. */
function RowActions({
  account,
  can,
  locked,
}: {
  account: LockedAccount
  can: Can
  locked: Locked
}) {
  return (
    <Flex gap="4" align="center" justify="end" wrap="wrap">
      {can.logs && (
        <RadixLink asChild size="2">
          <Link to="/logs" search={{ user: account.id }}>
            Show in Logs
          </Link>
        </RadixLink>
      )}
      {can.unlock && (
        <Button
          size="1"
          variant="soft"
          disabled={locked.busy}
          aria-label={`Unlock ${account.name}`}
          onClick={() => locked.unlock(account)}
        >
          Unlock
        </Button>
      )}
    </Flex>
  )
}

function RowCheckbox({ account, locked }: { account: LockedAccount; locked: Locked }) {
  return (
    <Checkbox
      style={CHECKBOX_TARGET}
      checked={locked.checked.has(account.id)}
      disabled={locked.busy}
      aria-label={`Select ${account.name}`}
      onCheckedChange={(value) => locked.select([account.id], value === true)}
    />
  )
}

/** How many are checked, Clear selection, and 'Unlock N accounts' (it asks first). */
function SelectionBar({ actor, locked }: { actor: QueueListActor; locked: Locked }) {
  const accounts = locked.locked.filter((account) => locked.checked.has(account.id))
  if (accounts.length === 0) return null
  return (
    <Flex
      role="region"
      aria-label="Selection"
      align="center"
      gap="3"
      wrap="wrap"
      p="2"
      style={{ background: 'var(--accent-a3)', borderRadius: 'var(--radius-3)' }}
    >
      <Text size="2" weight="medium" aria-live="polite">
        {accounts.length.toLocaleString('en-US')} selected
      </Text>
      <Button
        size="1"
        variant="ghost"
        color="gray"
        highContrast
        disabled={locked.busy}
        onClick={() =>
          locked.select(
            accounts.map((account) => account.id),
            false,
          )
        }
      >
        Clear selection
      </Button>
      <Button
        size="2"
        ml="auto"
        disabled={locked.busy}
        onClick={() =>
          actor.send({ type: 'queue.request', request: { action: 'unlockSelected', accounts } })
        }
      >
        Unlock {accountsWord(accounts.length)}
      </Button>
    </Flex>
  )
}

/** Desktop: a table — a checkbox, Name, Email, Locked since, and the actions in their own column. */
function LockedTable({ can, locked }: { can: Can; locked: Locked }) {
  const ids = locked.locked.map((account) => account.id)
  const all = ids.length > 0 && ids.every((id) => locked.checked.has(id))
  const some = ids.some((id) => locked.checked.has(id))
  return (
    <Table.Root variant="ghost" size="2">
      <VisuallyHidden asChild>
        <caption>Locked accounts</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {can.unlock && (
            <Table.ColumnHeaderCell width="48px" style={{ verticalAlign: 'middle' }}>
              <Checkbox
                style={CHECKBOX_TARGET}
                checked={all ? true : some ? 'indeterminate' : false}
                disabled={locked.busy}
                aria-label="Select all locked accounts"
                onCheckedChange={() => locked.select(ids, !all)}
              />
            </Table.ColumnHeaderCell>
          )}
          <Table.ColumnHeaderCell style={HEADER_CELL}>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={HEADER_CELL}>Email</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={HEADER_CELL}>Locked since</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={HEADER_CELL} justify="end">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {locked.locked.map((account) => (
          <Table.Row key={account.id} align="center">
            {can.unlock && (
              <Table.Cell>
                <RowCheckbox account={account} locked={locked} />
              </Table.Cell>
            )}
            <Table.RowHeaderCell>
              <NameLink account={account} />
            </Table.RowHeaderCell>
            <Table.Cell style={{ overflowWrap: 'anywhere' }}>{account.email}</Table.Cell>
            <Table.Cell>
              <DateTime iso={account.lockedAt} />
            </Table.Cell>
            <Table.Cell justify="end">
              <RowActions account={account} can={can} locked={locked} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

/** A phone: one item per account, separated by a rule, its actions under its name. */
function LockedList({ can, locked }: { can: Can; locked: Locked }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label="Locked accounts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {locked.locked.map((account, index) => (
          <Flex key={account.id} gap="2" align="start" asChild>
            <li style={index > 0 ? DIVIDER : undefined}>
              {can.unlock && <RowCheckbox account={account} locked={locked} />}
              <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
                <NameLink account={account} />
                <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                  {account.email}
                </Text>
                <Text size="2" color="gray">
                  Locked since {formatDateTime(account.lockedAt)}
                </Text>
                <Flex justify="start">
                  <RowActions account={account} can={can} locked={locked} />
                </Flex>
              </Flex>
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  )
}

/**
 * Permanently locked accounts waiting for staff, the longest-locked first (the server sends at
 * most 50): checkboxes and 'Unlock N accounts' for those who may unlock, a table on desktop
 * layouts and a separated list on a phone.
 */
export function LockedAccounts({
  actor,
  can,
  wide,
}: {
  actor: QueueListActor
  can: Can
  wide: boolean
}) {
  const locked = useLocked(actor)
  if (locked.locked.length === 0) return null
  return (
    <Flex direction="column" gap="2">
      {can.unlock && <SelectionBar actor={actor} locked={locked} />}
      {wide ? <LockedTable can={can} locked={locked} /> : <LockedList can={can} locked={locked} />}
    </Flex>
  )
}
