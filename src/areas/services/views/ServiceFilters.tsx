import { Button, Flex, Select, Switch, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { SortDirection } from '../../../kit/machines/list.machine'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import type { ListOptionsActor } from '../../../kit/machines/listOptions.machine'
import { selectCanReset } from '../../../kit/machines/listOptions.selectors'
import { SearchField } from '../../../kit/views/list/SearchField'

/** SPEC.md §2: services sort by these, each with a direction. */
const SORT_FIELDS = [
  { value: 'name', label: 'Name' },
  { value: 'createdAt', label: 'Created At' },
  { value: 'updatedAt', label: 'Updated At' },
] as const

const selectSort = (snapshot: ListSnapshot) => snapshot.context.options.sort
const selectShowDeleted = (snapshot: ListSnapshot) => snapshot.context.options.filters.showDeleted
const selectCanChange = (snapshot: ListSnapshot) =>
  snapshot.can({ type: 'list.filtersChanged', filters: {} })

type Props = { list: ListActor; options: ListOptionsActor }

/** The filters and sort of the Services list (SPEC.md §2, §5); the list applies each at once. */
export function ServiceFilters({ list, options }: Props) {
  const sort = useSelector(list, selectSort)
  const showDeleted = useSelector(list, selectShowDeleted)
  const canChange = useSelector(list, selectCanChange)
  const canReset = useSelector(options, selectCanReset)
  const sortBy = (field: string, direction: SortDirection) =>
    list.send({ type: 'list.sortChanged', sort: { field, direction } })
  return (
    <Flex direction="column" gap="4">
      <SearchField list={list} label="Search services" placeholder="Search by name" />
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
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id="service-sort-by">
          Sort By
        </Text>
        <Select.Root
          value={sort.field}
          disabled={!canChange}
          onValueChange={(field) => sortBy(field, sort.direction)}
        >
          <Select.Trigger aria-labelledby="service-sort-by" />
          <Select.Content position="popper">
            {SORT_FIELDS.map((field) => (
              <Select.Item key={field.value} value={field.value}>
                {field.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id="service-sort-direction">
          Direction
        </Text>
        <Select.Root
          value={sort.direction}
          disabled={!canChange}
          onValueChange={(direction) => sortBy(sort.field, direction as SortDirection)}
        >
          <Select.Trigger aria-labelledby="service-sort-direction" />
          <Select.Content position="popper">
            <Select.Item value="asc">Ascending</Select.Item>
            <Select.Item value="desc">Descending</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>
      <Button
        variant="soft"
        color="gray"
        disabled={!canReset}
        onClick={() => options.send({ type: 'options.reset' })}
      >
        Reset Filters
      </Button>
    </Flex>
  )
}
