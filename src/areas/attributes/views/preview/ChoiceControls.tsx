import { ChevronDownIcon } from '@radix-ui/react-icons'
import { Button, CheckboxGroup, DropdownMenu, Flex, RadioGroup, Text } from '@radix-ui/themes'
import { AttributeImage } from './AttributeImage'
import type { Choice } from './previewOptions'
import { ATTRIBUTE_SIZES } from './sizes'

type ChoiceProps = {
  labelId: string
  choices: Choice[]
  imageSrc?: ((choice: Choice) => string | undefined) | undefined
}

/** A choice's label with its image (at most 150x125 px, SPEC.md §9). */
export function ChoiceLabel({ choice, src }: { choice: Choice; src?: string | undefined }) {
  const { width, height } = ATTRIBUTE_SIZES.optionImage
  return (
    <Flex direction="column" gap="1" align="start">
      <AttributeImage
        path={choice.imagePath}
        src={src}
        alt={choice.label}
        maxWidth={width}
        maxHeight={height}
      />
      <Text size="2">{choice.label}</Text>
    </Flex>
  )
}

/** RADIO, horizontal or vertical (config.inputOrientation). */
export function RadioChoices({
  labelId,
  choices,
  imageSrc,
  value,
  vertical,
  onChange,
}: ChoiceProps & { value: string; vertical: boolean; onChange: (value: string) => void }) {
  return (
    <RadioGroup.Root aria-labelledby={labelId} value={value} onValueChange={onChange}>
      <Flex direction={vertical ? 'column' : 'row'} gap="3" wrap="wrap">
        {choices.map((choice) => (
          <RadioGroup.Item key={choice.key} value={choice.value}>
            <ChoiceLabel choice={choice} src={imageSrc?.(choice)} />
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  )
}

/** TOGGLE_BUTTON: one pressed button at a time; pressing it again clears the answer. */
export function ToggleChoices({
  labelId,
  choices,
  imageSrc,
  value,
  onChange,
}: ChoiceProps & { value: string; onChange: (value: string) => void }) {
  return (
    <Flex role="group" aria-labelledby={labelId} gap="2" wrap="wrap">
      {choices.map((choice) => {
        const pressed = choice.value === value
        return (
          <Button
            key={choice.key}
            type="button"
            variant={pressed ? 'solid' : 'outline'}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? '' : choice.value)}
            style={{
              height: 'auto',
              minHeight: 'var(--space-6)',
              padding: 'var(--space-2) var(--space-3)',
            }}
          >
            <ChoiceLabel choice={choice} src={imageSrc?.(choice)} />
          </Button>
        )
      })}
    </Flex>
  )
}

/** CHECKBOX_MULTI: one checkbox per choice. */
export function CheckboxChoices({
  labelId,
  choices,
  imageSrc,
  values,
  onChange,
}: ChoiceProps & { values: string[]; onChange: (values: string[]) => void }) {
  return (
    <CheckboxGroup.Root aria-labelledby={labelId} value={values} onValueChange={onChange}>
      {choices.map((choice) => (
        <CheckboxGroup.Item key={choice.key} value={choice.value}>
          <ChoiceLabel choice={choice} src={imageSrc?.(choice)} />
        </CheckboxGroup.Item>
      ))}
    </CheckboxGroup.Root>
  )
}

/** CHECKBOX_MULTI_DROPDOWN: the same choices in a menu 500 px wide that stays open while ticking. */
export function DropdownChoices({
  labelId,
  choices,
  values,
  onChange,
}: ChoiceProps & { values: string[]; onChange: (values: string[]) => void }) {
  const labels = choices.filter((c) => values.includes(c.value)).map((c) => c.label)
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button
          type="button"
          variant="surface"
          color="gray"
          aria-labelledby={labelId}
          aria-describedby={`${labelId}-chosen`}
          style={{
            justifyContent: 'space-between',
            maxWidth: ATTRIBUTE_SIZES.dropdownWidth,
            width: '100%',
          }}
        >
          <Text id={`${labelId}-chosen`} truncate>
            {labels.length ? labels.join(', ') : 'Choose…'}
          </Text>
          <ChevronDownIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        aria-labelledby={labelId}
        style={{ width: ATTRIBUTE_SIZES.dropdownWidth, maxWidth: 'calc(100vw - 32px)' }}
      >
        {choices.map((choice) => (
          <DropdownMenu.CheckboxItem
            key={choice.key}
            checked={values.includes(choice.value)}
            // Ticking keeps the menu open, so that several can be ticked in a row.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? choices
                      .map((c) => c.value)
                      .filter((v) => v === choice.value || values.includes(v))
                  : values.filter((v) => v !== choice.value),
              )
            }
          >
            {choice.label}
          </DropdownMenu.CheckboxItem>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
