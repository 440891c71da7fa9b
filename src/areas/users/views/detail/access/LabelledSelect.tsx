import { Flex, Select, Text } from '@radix-ui/themes'
import { useId } from 'react'

export type SelectOption = { value: string; label: string }

type Props = {
  label: string
  value: string | null
  placeholder: string
  options: readonly SelectOption[]
  disabled: boolean
  onChange: (value: string) => void
}

/** A Radix select under its small visible label, which names it. */
export function LabelledSelect({ label, value, placeholder, options, disabled, onChange }: Props) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Text id={id} size="1" color="gray">
        {label}
      </Text>
      <Select.Root value={value ?? ''} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger aria-labelledby={id} placeholder={placeholder} />
        <Select.Content position="popper">
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  )
}
