import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { Button, Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { ListActor, ListSnapshot } from '../../machines/list.machine'

const selectFailed = (snapshot: ListSnapshot) => snapshot.hasTag('error')
const selectEmpty = (snapshot: ListSnapshot) => snapshot.context.rows.length === 0
const selectLoading = (snapshot: ListSnapshot) =>
  snapshot.hasTag('busy') && snapshot.context.rows.length === 0
const selectSearched = (snapshot: ListSnapshot) => snapshot.context.options.filters.text

type Props = {
  list: ListActor
  what: string
  failure: string
  /** Beside 'There are no {what}.': the way to make the first one (Add Service). */
  action?: ReactNode
}

/** Nothing listed and nothing searched: the list is empty, not just filtered down to nothing. */
export const selectNothingListed = (snapshot: ListSnapshot) =>
  snapshot.context.rows.length === 0 &&
  !snapshot.hasTag('busy') &&
  !snapshot.hasTag('error') &&
  !snapshot.context.options.filters.text

/** A read that failed stays on screen with Try Again (SPEC.md §8), never as a blank page. */
export function ListError({ list, failure }: Omit<Props, 'what'>) {
  const failed = useSelector(list, selectFailed)
  if (!failed) return null
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex align="center" gap="3" wrap="wrap">
        <Callout.Text>{failure}</Callout.Text>
        <Button size="1" variant="soft" onClick={() => list.send({ type: 'list.retry' })}>
          Try Again
        </Button>
      </Flex>
    </Callout.Root>
  )
}

/** What an empty list says: still reading, nothing matches the search, or nothing at all. */
export function ListEmpty({ list, what, action }: Omit<Props, 'failure'>) {
  const empty = useSelector(list, selectEmpty)
  const loading = useSelector(list, selectLoading)
  const failed = useSelector(list, selectFailed)
  const searched = useSelector(list, selectSearched)
  if (!empty || failed) return null
  const none = !loading && !searched
  return (
    <Flex direction="column" align="center" justify="center" gap="3" p="6">
      <Flex align="center" justify="center" gap="2" role="status">
        {loading && <Spinner />}
        <Text color="gray">
          {loading
            ? `Loading ${what}…`
            : searched
              ? `No ${what} match “${searched}”.`
              : `There are no ${what}.`}
        </Text>
      </Flex>
      {none && action}
    </Flex>
  )
}
