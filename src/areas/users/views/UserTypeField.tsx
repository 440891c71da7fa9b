import { Flex, RadioGroup, Text } from '@radix-ui/themes'
import { useId } from 'react'
import type { UserType } from '../../../../schema/permissions'

const TYPES: { value: UserType; label: string }[] = [
  { value: 'INTERNAL', label: 'Internal' },
  { value: 'EXTERNAL', label: 'External' },
]

type Props = { value: UserType; disabled: boolean; onChange: (value: UserType) => void }

/** The user's type, Internal or External, as a labelled radio group (Add User, Access). */
export function UserTypeField({ value, disabled, onChange }: Props) {
  const label = useId()
  return (
    <Flex direction="column" gap="2">
      <Text id={label} size="2" weight="medium">
        Type
      </Text>
      <RadioGroup.Root
        aria-labelledby={label}
        value={value}
        disabled={disabled}
        onValueChange={(next) => onChange(next as UserType)}
      >
        <Flex gap="4" wrap="wrap">
          {TYPES.map((type) => (
            <RadioGroup.Item key={type.value} value={type.value}>
              {type.label}
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Flex>
  )
}
