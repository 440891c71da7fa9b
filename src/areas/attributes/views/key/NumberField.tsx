import { Flex, Text, TextField } from '@radix-ui/themes'
import { useId, useState } from 'react'
import { ATTRIBUTE_SIZES } from '../preview/sizes'

type Props = {
  label: string
  value: number | undefined
  onChange: (value: number | undefined) => void
  disabled?: boolean
  error?: string | undefined
  hint?: string
}

const parse = (text: string) => (text.trim() === '' ? undefined : Number(text))

/**
 * A config number (Min, Max, Step), 10rem wide (SPEC.md §9). The typed text is kept while it is
 * not a number yet ('-', '1.'), and the number goes to the form once it is one.
 */
export function NumberField({ label, value, onChange, disabled, error, hint }: Props) {
  const id = useId()
  const [text, setText] = useState(value === undefined ? '' : String(value))
  const parsed = parse(text)
  const notNumber = parsed !== undefined && Number.isNaN(parsed) ? 'Must be a number' : undefined
  error = notNumber ?? error
  // The form changed it (a type change dropped it): show the form's value.
  const shown =
    parsed === value || (parsed !== undefined && Number.isNaN(parsed)) ? text : (value ?? '')
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        inputMode="decimal"
        value={String(shown)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        color={error ? 'red' : undefined}
        style={{ width: ATTRIBUTE_SIZES.numberWidth }}
        onChange={(event) => {
          const next = event.target.value
          setText(next)
          const number = parse(next)
          if (number === undefined || !Number.isNaN(number)) onChange(number)
        }}
      />
      {(error || hint) && (
        <Text id={`${id}-note`} size="1" color={error ? 'red' : 'gray'}>
          {error ?? hint}
        </Text>
      )}
    </Flex>
  )
}
