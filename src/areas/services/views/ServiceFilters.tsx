import { Flex, Switch, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import { selectCanChange } from '../../../kit/views/list/filterSelectors'
import { SortFields } from '../../../kit/views/list/SortFields'

/** SPEC.md §2: services sort by these, each with a direction. */
const SORT_FIELDS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created At' },
  { value: 'updatedAt', label: 'Updated At' },
] as const

const selectShowDeleted = (snapshot: ListSnapshot) => snapshot.context.options.filters.showDeleted

/**
 * The filters and sort of the Services list (SPEC.md §2, §5); the list applies each at once. The
 * search is in the toolbar above the list, Reset Filters at the drawer's foot (the kit's).
 */
export function ServiceFilters({ list }: { list: ListActor }) {
  const showDeleted = useSelector(list, selectShowDeleted)
  const canChange = useSelector(list, selectCanChange)
  return (
    <Flex direction="column" gap="4">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={showDeleted}
            disabled={!canChange}
            onCheckedChange={(checked) =>
              list.send({ type: 'list.filtersChanged', filters: { showDeleted: checked } })
            }
          />
          Show Deleted
        </Flex>
      </Text>
      <SortFields list={list} fields={SORT_FIELDS} label="Sort By" disabled={!canChange} />
    </Flex>
  )
}
