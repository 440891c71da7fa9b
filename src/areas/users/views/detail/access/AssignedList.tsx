import { Button, Flex, Text } from '@radix-ui/themes'

type Item = { key: string; text: string }

type Props = {
  /** The list's accessible name ('Roles'). */
  label: string
  empty: string
  items: readonly Item[]
  /** Remove's handler; none when the person may not change the user's access. */
  onRemove: ((index: number) => void) | undefined
  /** Whether Remove is on now (not while a change is saved). */
  removable: boolean
  /** Remove's accessible name for a row ('Remove Help desk'). */
  removeLabel?: (text: string) => string
}

/** A role assignment or group per row, each with 'Remove', named after what it removes. */
export function AssignedList(props: Props) {
  const { label, empty, items, onRemove, removable } = props
  const removeLabel = props.removeLabel ?? ((text: string) => `Remove ${text}`)
  if (items.length === 0)
    return (
      <Text size="2" color="gray">
        {empty}
      </Text>
    )
  return (
    <Flex direction="column" asChild>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => (
          <Flex
            key={item.key}
            asChild
            align="center"
            justify="between"
            gap="3"
            py="1"
            style={{ boxShadow: 'inset 0 -1px var(--gray-a4)' }}
          >
            <li>
              <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                {item.text}
              </Text>
              {onRemove && (
                <Button
                  size="1"
                  variant="ghost"
                  color="red"
                  disabled={!removable}
                  aria-label={removeLabel(item.text)}
                  onClick={() => onRemove(index)}
                >
                  Remove
                </Button>
              )}
            </li>
          </Flex>
        ))}
      </ul>
    </Flex>
  )
}
