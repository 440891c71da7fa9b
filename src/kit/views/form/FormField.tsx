import { Flex, Text, TextField } from '@radix-ui/themes'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { useFieldError } from './useFieldError'

type Props = Omit<ComponentProps<typeof TextField.Root>, 'onChange' | 'value' | 'children'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
  /** The rule's current verdict; shown after touch with the form delay. */
  error?: string | undefined
  /** Slots (icons, buttons) inside the input, after the text. */
  endSlot?: ReactNode
  /** Show the verdict from the first change rather than from the first blur. */
  validateOnChange?: boolean
}

/** A labelled text input with its validation message, wired for screen readers. */
export function FormField({
  label,
  value,
  onValueChange,
  error,
  endSlot,
  validateOnChange,
  ...input
}: Props) {
  const id = useId()
  const field = useFieldError(error, { onChange: validateOnChange })
  const messageId = `${id}-error`
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        size="3"
        {...input}
        id={id}
        value={value}
        onChange={(event) => {
          field.onChange()
          onValueChange(event.target.value)
        }}
        onBlur={field.onBlur}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? messageId : undefined}
        color={field.error ? 'red' : undefined}
      >
        {endSlot && <TextField.Slot side="right">{endSlot}</TextField.Slot>}
      </TextField.Root>
      {field.error && (
        <Text id={messageId} size="1" color="red">
          {field.error}
        </Text>
      )}
    </Flex>
  )
}
