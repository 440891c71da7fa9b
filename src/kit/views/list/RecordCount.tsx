import { Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor, ListSnapshot } from '../../machines/list.machine'

const selectCount = (snapshot: ListSnapshot) => snapshot.context.count
const number = new Intl.NumberFormat('en-US')

/** A list's footer (SPEC.md §2): 'Record Count: 100,000', the rows matching its filters. */
export function RecordCount({ list }: { list: ListActor }) {
  const count = useSelector(list, selectCount)
  return (
    <Flex asChild justify="end" py="2" flexShrink="0">
      <footer>
        <Text size="2" color="gray" aria-live="polite">
          Record Count: {number.format(count)}
        </Text>
      </footer>
    </Flex>
  )
}
