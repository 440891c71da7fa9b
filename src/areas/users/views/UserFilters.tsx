import { Flex, RadioGroup, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import type { ListOptionsActor } from '../../../kit/machines/listOptions.machine'
import { selectCanChange } from '../../../kit/views/list/filterSelectors'
import { ResetFilters } from '../../../kit/views/list/ResetFilters'
import { SortFields } from '../../../kit/views/list/SortFields'

/** The sorts the cache indexes (src/data/db/identity.ts), each with a direction. */
const SORT_FIELDS = [
  { value: 'sortName', label: 'Name' },
  { value: 'sortLastLogin', label: 'Last sign-in' },
  { value: 'createdAt', label: 'Created' },
] as const

type UserFilterKey = 'userType' | 'status' | 'twoFactor' | 'secondFactor' | 'dormant'

/** The radio groups of the drawer (the UI contract's names). */
const GROUPS: { key: UserFilterKey; label: string; choices: [string, string][] }[] = [
  {
    key: 'userType',
    label: 'Type',
    choices: [
      ['all', 'All'],
      ['INTERNAL', 'Internal'],
      ['EXTERNAL', 'External'],
    ],
  },
  {
    key: 'status',
    label: 'Status',
    choices: [
      ['any', 'Any'],
      ['active', 'Active'],
      ['locked', 'Locked'],
      ['disabled', 'Disabled'],
      ['mustChangePassword', 'Must change password'],
    ],
  },
  {
    key: 'twoFactor',
    label: 'Two-factor',
    choices: [
      ['any', 'Any'],
      ['on', 'On'],
      ['off', 'Off'],
    ],
  },
  {
    // Any of an authenticator app, text-message codes or a passkey (issue 28).
    key: 'secondFactor',
    label: 'Second factor',
    choices: [
      ['any', 'Any'],
      ['some', 'At least one'],
      ['none', 'No second factor'],
    ],
  },
  {
    key: 'dormant',
    label: 'Dormant',
    choices: [
      ['any', 'Any'],
      ['30', '30 days'],
      ['90', '90 days'],
      ['180', '180 days'],
      ['never', 'Never signed in'],
    ],
  },
]

const selectFilters = (snapshot: ListSnapshot) => snapshot.context.options.filters

type Props = { list: ListActor; options: ListOptionsActor }

function FilterGroup({
  group,
  value,
  disabled,
  onChange,
}: {
  group: (typeof GROUPS)[number]
  value: string
  disabled: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium" id={id}>
        {group.label}
      </Text>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        disabled={disabled}
        onValueChange={onChange}
        size="2"
      >
        {group.choices.map(([choice, label]) => (
          <RadioGroup.Item key={choice} value={choice}>
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </Flex>
  )
}

/** The Users filters and sort (docs/console-users.md); the list applies each at once and keeps it. */
export function UserFilters({ list, options }: Props) {
  const filters = useSelector(list, selectFilters)
  const canChange = useSelector(list, selectCanChange)
  const filter = (key: UserFilterKey, value: string) =>
    list.send({
      type: 'list.filtersChanged',
      filters: { [key]: value },
    })
  return (
    <Flex direction="column" gap="4">
      <SortFields list={list} fields={SORT_FIELDS} label="Sort by" disabled={!canChange} />
      {GROUPS.map((group) => (
        <FilterGroup
          key={group.key}
          group={group}
          value={String(filters[group.key])}
          disabled={!canChange}
          onChange={(value) => filter(group.key, value)}
        />
      ))}
      <ResetFilters options={options} />
    </Flex>
  )
}
