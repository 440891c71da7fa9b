import { Flex, Slider, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { SERVICE_FIELDS, timeoutText } from '../../../../../schema/service-fields'
import type { TimeoutField as Field } from '../../machines/serviceTimeout.machine'
import { timeoutLabel } from '../../machines/serviceTimeout.messages'

type Props = {
  field: Field
  value: number
  disabled: boolean
  busy?: boolean
  onChange: (value: number) => void
  onCommit?: (value: number) => void
}

// Radix Themes renders the thumb (role 'slider') itself and passes it no label; name it in the
// DOM, where React leaves an attribute it does not manage alone.
const nameThumb = (label: string) => (root: HTMLSpanElement | null) => {
  root?.querySelector('[role="slider"]')?.setAttribute('aria-label', label)
}

/**
 * A token timeout as a slider with its label, its value and unit (SPEC.md §5 'Service timeouts'),
 * within the bounds of schema/service-fields.ts.
 */
export function TimeoutField({ field, value, disabled, busy, onChange, onCommit }: Props) {
  const { minimum: min, maximum: max, step } = SERVICE_FIELDS[field]
  const label = timeoutLabel(field)
  const id = useId()
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby={id}>
      <Flex justify="between" align="baseline" gap="3">
        <Text id={id} size="2" weight="medium">
          {label}
        </Text>
        <Text size="2" color={busy ? 'gray' : undefined} role="status">
          {timeoutText(field, value)}
        </Text>
      </Flex>
      <Slider
        ref={nameThumb(label)}
        min={min}
        max={max}
        step={step}
        value={[value]}
        disabled={disabled}
        onValueChange={([next]) => next !== undefined && onChange(next)}
        onValueCommit={([next]) => next !== undefined && onCommit?.(next)}
      />
      <Flex justify="between">
        <Text size="1" color="gray">
          {timeoutText(field, min)}
        </Text>
        <Text size="1" color="gray">
          {timeoutText(field, max)}
        </Text>
      </Flex>
    </Flex>
  )
}
