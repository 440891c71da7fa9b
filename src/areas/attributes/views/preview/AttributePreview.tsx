import { Flex, Heading, Text } from '@radix-ui/themes'
import { useId, useState } from 'react'
import {
  isContainerType,
  joinValues,
  parseConfig,
  splitValues,
} from '../../../../../schema/attribute-rules'
import type { AttributeType, ControlType } from '../../../../../schema/attributes'
import type { KeyOption } from '../../machines/attributeKey.draft'
import { AttributeImage } from './AttributeImage'
import { CheckboxChoices, DropdownChoices, RadioChoices, ToggleChoices } from './ChoiceControls'
import { Combobox } from './Combobox'
import { choicesOf, type Choice } from './previewOptions'
import { ATTRIBUTE_SIZES } from './sizes'
import { FlagControl, InputControl, SelectControl, SliderControl } from './ValueControls'

export type PreviewKey = {
  id: string
  name: string
  prompt: string | null
  type: AttributeType
  controlType: ControlType | null
  config: string
  imagePath: string | null
}

type Props = {
  attributeKey: PreviewKey
  options: readonly KeyOption[]
  /** The stored answer (multi values joined by ';', booleans 'true'/'false'); omitted: local state. */
  value?: string
  onChange?: (value: string) => void
  /** The key image to show instead of its stored path (a file chosen, not uploaded yet). */
  imageSrc?: string
  /** Option images to show instead of their stored paths, by option id. */
  optionImageSrc?: Record<string, string>
}

/**
 * How a key asks its question (SPEC.md §2 'Preview by control type'): the prompt (or the name),
 * the key's image and the control its control type names, with the key's options (deleted ones
 * ignored) or the values generated from min, max and step. A ROOT or BRANCH shows only its name.
 */
export function AttributePreview({
  attributeKey,
  options,
  value,
  onChange,
  imageSrc,
  optionImageSrc,
}: Props) {
  const labelId = useId()
  const [local, setLocal] = useState('')
  if (isContainerType(attributeKey.type))
    return (
      <Heading as="h3" size="4">
        {attributeKey.name}
      </Heading>
    )
  const current = value ?? local
  const change = (next: string) => {
    if (value === undefined) setLocal(next)
    onChange?.(next)
  }
  const { width, height } = ATTRIBUTE_SIZES.mainImage
  const label = attributeKey.prompt?.trim() || attributeKey.name || 'Untitled attribute'
  return (
    <Flex direction="column" gap="3" data-attribute-preview={attributeKey.id}>
      <Text id={labelId} as="div" size="3" weight="medium">
        {label}
      </Text>
      <AttributeImage
        path={attributeKey.imagePath}
        src={imageSrc}
        alt={`${attributeKey.name || 'Attribute'} image`}
        maxWidth={width}
        maxHeight={height}
      />
      <Control
        labelId={labelId}
        attributeKey={attributeKey}
        options={options}
        value={current}
        onChange={change}
        optionImageSrc={optionImageSrc}
      />
    </Flex>
  )
}

function Control({
  labelId,
  attributeKey,
  options,
  value,
  onChange,
  optionImageSrc,
}: {
  labelId: string
  attributeKey: PreviewKey
  options: readonly KeyOption[]
  value: string
  onChange: (value: string) => void
  optionImageSrc: Record<string, string> | undefined
}) {
  const config = parseConfig(attributeKey.config)
  const choices = choicesOf(attributeKey.type, config, options)
  const imageSrc = (choice: Choice) => optionImageSrc?.[choice.key]
  const values = splitValues(value)
  const many = (next: string[]) => onChange(joinValues(next))
  const common = { labelId, choices, imageSrc }
  switch (attributeKey.controlType) {
    case 'INPUT':
      return (
        <InputControl
          labelId={labelId}
          value={value}
          onChange={onChange}
          text={attributeKey.type === 'STRING'}
          config={config}
        />
      )
    case 'TOGGLE_BUTTON':
      return <ToggleChoices {...common} value={value} onChange={onChange} />
    case 'AUTOCOMPLETE':
      return (
        <Combobox
          labelId={labelId}
          choices={choices}
          values={values.slice(0, 1)}
          multiple={false}
          onChange={many}
        />
      )
    case 'AUTOCOMPLETE_MULTI':
      return (
        <Combobox labelId={labelId} choices={choices} values={values} multiple onChange={many} />
      )
    case 'SELECT':
      return <SelectControl labelId={labelId} value={value} onChange={onChange} choices={choices} />
    case 'RADIO':
      return (
        <RadioChoices
          {...common}
          value={value}
          vertical={config.inputOrientation === 'Vertical'}
          onChange={onChange}
        />
      )
    case 'CHECKBOX':
      return <FlagControl labelId={labelId} value={value} onChange={onChange} as="checkbox" />
    case 'SWITCH':
      return <FlagControl labelId={labelId} value={value} onChange={onChange} as="switch" />
    case 'CHECKBOX_MULTI':
      return <CheckboxChoices {...common} values={values} onChange={many} />
    case 'CHECKBOX_MULTI_DROPDOWN':
      return <DropdownChoices {...common} values={values} onChange={many} />
    case 'SLIDER':
      return <SliderControl labelId={labelId} value={value} onChange={onChange} config={config} />
    default:
      return (
        <Text size="2" color="gray">
          Choose a Control Type to see the question.
        </Text>
      )
  }
}

/**
 * For a dialog holding a preview: Escape in an open autocomplete closes its list, not the dialog
 * (Radix dialogs listen for Escape before the input sees it).
 */
export function keepEscapeInCombobox(event: KeyboardEvent) {
  const target = event.target as HTMLElement | null
  if (
    target?.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  )
    event.preventDefault()
}
