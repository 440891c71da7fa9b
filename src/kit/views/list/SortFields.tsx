import { Flex, Select, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ListActor, ListSnapshot, SortDirection } from '../../machines/list.machine'

const selectSort = (snapshot: ListSnapshot) => snapshot.context.options.sort

type Props = {
  list: ListActor
  /** The fields the list sorts by, as the screen names them. */
  fields: readonly { value: string; label: string }[]
  /** The first select's label: 'Sort By' or 'Sort by'. */
  label: string
  disabled: boolean
}

/** A list's sort: the field and the direction, each a labelled select the list applies at once. */
export function SortFields({ list, fields, label, disabled }: Props) {
  const sort = useSelector(list, selectSort)
  const sortId = useId()
  const directionId = useId()
  const sortBy = (field: string, direction: SortDirection) =>
    list.send({ type: 'list.sortChanged', sort: { field, direction } })
  return (
    <>
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id={sortId}>
          {label}
        </Text>
        <Select.Root
          value={sort.field}
          disabled={disabled}
          onValueChange={(field) => sortBy(field, sort.direction)}
        >
          <Select.Trigger aria-labelledby={sortId} />
          <Select.Content position="popper">
            {fields.map((field) => (
              <Select.Item key={field.value} value={field.value}>
                {field.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id={directionId}>
          Direction
        </Text>
        <Select.Root
          value={sort.direction}
          disabled={disabled}
          onValueChange={(direction) => sortBy(sort.field, direction as SortDirection)}
        >
          <Select.Trigger aria-labelledby={directionId} />
          <Select.Content position="popper">
            <Select.Item value="asc">Ascending</Select.Item>
            <Select.Item value="desc">Descending</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>
    </>
  )
}
