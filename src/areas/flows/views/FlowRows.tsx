import {
  Card,
  Flex,
  Link as RadixLink,
  Spinner,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { FlowRow } from '../machines/flowsList.machine'
import { countsText, coverageText } from './flowWords'

const counted = (
  row: FlowRow,
  count: (summary: { states: number; transitions: number }) => number,
) => (row.status === 'ready' ? String(count(row.summary)) : row.status === 'loading' ? '…' : '—')

function ChartLink({ id }: { id: string }) {
  return (
    <RadixLink asChild weight="medium">
      <Link to="/flows/$machine" params={{ machine: id }}>
        {id}
      </Link>
    </RadixLink>
  )
}

/** Its coverage, or why it has none: still counting, or its paths module failed to load. */
function Coverage({ row, label = '' }: { row: FlowRow; label?: string }) {
  if (row.status === 'loading')
    return (
      <Flex align="center" gap="2">
        <Spinner size="1" />
        <Text size="2" color="gray">
          Counting…
        </Text>
      </Flex>
    )
  if (row.status === 'failed')
    return (
      <Text size="2" color="red">
        Not available: {row.error}
      </Text>
    )
  return (
    <Text size="2">
      {label}
      {coverageText(row.summary.covered, row.summary.transitions)}
    </Text>
  )
}

const description = (row: FlowRow) => (row.status === 'ready' ? row.summary.description : undefined)

/** Desktop: one row per statechart. */
export function FlowTable({ rows }: { rows: FlowRow[] }) {
  return (
    <Table.Root variant="surface">
      <VisuallyHidden asChild>
        <caption>Statecharts</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Statechart</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Used in</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">States</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Transitions</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Coverage</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.RowHeaderCell>
              <Flex direction="column" gap="1">
                <ChartLink id={row.id} />
                {description(row) && (
                  <Text size="2" color="gray">
                    {description(row)}
                  </Text>
                )}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Text size="2">{row.usedIn}</Text>
            </Table.Cell>
            <Table.Cell justify="end">{counted(row, (s) => s.states)}</Table.Cell>
            <Table.Cell justify="end">{counted(row, (s) => s.transitions)}</Table.Cell>
            <Table.Cell>
              <Coverage row={row} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

/** Phones and tablets: one card per statechart. */
export function FlowCards({ rows }: { rows: FlowRow[] }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul aria-label="Statecharts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Card size="2">
              <Flex direction="column" gap="1">
                <ChartLink id={row.id} />
                {description(row) && <Text size="2">{description(row)}</Text>}
                <Text size="2" color="gray">
                  Used in: {row.usedIn}
                </Text>
                {row.status === 'ready' && (
                  <Text size="2" color="gray">
                    {countsText(row.summary)}
                  </Text>
                )}
                <Coverage row={row} label="Coverage: " />
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  )
}
