import { InfoCircledIcon } from '@radix-ui/react-icons'
import { Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { AnyStateMachine, SnapshotFrom } from 'xstate'
import { useScreenActor } from '../actors/useScreenActor'

/** What the pane says while the record is read, when the read failed, and when there is none. */
export type RecordWords = { loading: string; failed: string; notFound: string }

type Props<TLogic extends AnyStateMachine, TRecord> = {
  /** The record chart: it takes `{ id }`, tags `busy` while it reads and `error` when that failed. */
  machine: TLogic
  id: string
  select: (snapshot: SnapshotFrom<TLogic>) => TRecord | null
  words: RecordWords
  /** The record's sections. */
  children: (record: TRecord) => ReactNode
}

/**
 * The detail pane of one record, read live from the local cache by its record chart: a save here,
 * a sync batch or another tab shows at once. Another id is another pane, with fresh editors.
 */
export function RecordDetail<TLogic extends AnyStateMachine, TRecord>(
  props: Props<TLogic, TRecord>,
) {
  return <RecordActor key={props.id} {...props} />
}

function RecordActor<TLogic extends AnyStateMachine, TRecord>(props: Props<TLogic, TRecord>) {
  const record = useScreenActor<AnyStateMachine>(props.machine, { input: { id: props.id } })
  return record ? <RecordShown {...props} record={record} /> : null
}

type ShownProps<TLogic extends AnyStateMachine, TRecord> = Props<TLogic, TRecord> & {
  record: NonNullable<ReturnType<typeof useScreenActor<AnyStateMachine>>>
}

/** The pane for what the record chart has read: a spinner, the record, or why there is none. */
function RecordShown<TLogic extends AnyStateMachine, TRecord>(props: ShownProps<TLogic, TRecord>) {
  const { record, select, words, children } = props
  const shown = useSelector(record, (s) => select(s as SnapshotFrom<TLogic>))
  const loading = useSelector(record, (s) => s.hasTag('busy'))
  const failed = useSelector(record, (s) => s.hasTag('error'))
  if (loading) {
    return (
      <Flex align="center" gap="2" p="4">
        <Spinner /> <Text color="gray">{words.loading}</Text>
      </Flex>
    )
  }
  if (failed || !shown) {
    return (
      <Callout.Root color={failed ? 'red' : 'gray'} role="status" m="4">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>{failed ? words.failed : words.notFound}</Callout.Text>
      </Callout.Root>
    )
  }
  return children(shown)
}
