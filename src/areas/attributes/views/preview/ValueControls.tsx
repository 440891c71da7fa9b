import { Checkbox, Flex, Select, Slider, Switch, Text, TextArea, TextField } from '@radix-ui/themes'
import { ATTRIBUTE_LIMITS, type AttributeConfig } from '../../../../../schema/attribute-rules'
import type { Choice } from './previewOptions'
import { ATTRIBUTE_SIZES } from './sizes'

type ValueProps = { labelId: string; value: string; onChange: (value: string) => void }

/** INPUT: multiline text for STRING (config.rows lines), otherwise a number with min, max, step and unit. */
export function InputControl({
  labelId,
  value,
  onChange,
  text,
  config,
}: ValueProps & { text: boolean; config: AttributeConfig }) {
  if (text)
    return (
      <TextArea
        aria-labelledby={labelId}
        rows={config.rows ?? ATTRIBUTE_LIMITS.rows.default}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ minHeight: 'auto' }}
      />
    )
  return (
    <TextField.Root
      type="number"
      aria-labelledby={labelId}
      min={config.min}
      max={config.max}
      step={config.step ?? 'any'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ width: ATTRIBUTE_SIZES.numberWidth }}
    >
      {config.unit && (
        <TextField.Slot side="right">
          <Text size="2" color="gray">
            {config.unit}
          </Text>
        </TextField.Slot>
      )}
    </TextField.Root>
  )
}

/** SELECT: one choice from a list. */
export function SelectControl({
  labelId,
  value,
  onChange,
  choices,
}: ValueProps & { choices: Choice[] }) {
  return (
    <Select.Root value={value === '' ? undefined : value} onValueChange={onChange}>
      <Select.Trigger
        aria-labelledby={labelId}
        placeholder="Choose…"
        style={{ minWidth: '12rem', maxWidth: '100%' }}
      />
      <Select.Content position="popper">
        {choices.map((choice) => (
          <Select.Item key={choice.key} value={choice.value}>
            {choice.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  )
}

/** CHECKBOX and SWITCH: one yes/no answer, stored as 'true' or 'false'. */
export function FlagControl({
  labelId,
  value,
  onChange,
  as,
}: ValueProps & { as: 'checkbox' | 'switch' }) {
  const props = {
    'aria-labelledby': labelId,
    checked: value === 'true',
    onCheckedChange: (checked: boolean | 'indeterminate') =>
      onChange(checked === true ? 'true' : 'false'),
  }
  // In a row of its own: a column would stretch the box to the full width and centre its tick.
  return <Flex>{as === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />}</Flex>
}

/** SLIDER: a number from min to max in steps, with its value (and unit) beside it. */
export function SliderControl({
  labelId,
  value,
  onChange,
  config,
}: ValueProps & { config: AttributeConfig }) {
  const min = config.min ?? 0
  const max = config.max ?? 100
  const step = config.step ?? 1
  const number = value === '' || Number.isNaN(Number(value)) ? min : Number(value)
  const text = `${value === '' ? '—' : value}${config.unit ? ` ${config.unit}` : ''}`
  return (
    <Flex gap="3" align="center" style={{ maxWidth: 400 }}>
      <Slider
        // Radix Themes renders the thumb (role 'slider') itself and passes it no label: name it in
        // the DOM, as the service timeouts do.
        ref={(root: HTMLSpanElement | null) => {
          const thumb = root?.querySelector('[role="slider"]')
          thumb?.setAttribute('aria-labelledby', labelId)
          thumb?.setAttribute('aria-valuetext', text)
        }}
        min={min}
        max={max}
        step={step}
        value={[number]}
        onValueChange={([next]) => onChange(String(next ?? min))}
      />
      <Text size="2" style={{ minWidth: '4rem' }}>
        {text}
      </Text>
    </Flex>
  )
}
