import { Flex, Text, TextField } from '@radix-ui/themes'
import type { ComponentProps, ReactNode } from 'react'
import { useFieldControl } from './useFieldError'

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
  /** What the field expects, under it (and read with it) while no error shows in its place. */
  hint?: string | undefined
}

/** A labelled text input with its validation message, wired for screen readers. */
export function FormField({
  label,
  value,
  onValueChange,
  error,
  endSlot,
  validateOnChange,
  hint,
  ...input
}: Props) {
  const field = useFieldControl(error, onValueChange, { onChange: validateOnChange })
  const hintId = `${field.id}-hint`
  const showHint = hint !== undefined && !field.error
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        size="3"
        {...input}
        {...field.control}
        aria-describedby={showHint ? hintId : field.control['aria-describedby']}
        value={value}
      >
        {endSlot && <TextField.Slot side="right">{endSlot}</TextField.Slot>}
      </TextField.Root>
      {showHint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
      {field.error && (
        <Text id={field.messageId} size="1" color="red">
          {field.error}
        </Text>
      )}
    </Flex>
  )
}
