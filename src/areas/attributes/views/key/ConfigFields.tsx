import { Flex, SegmentedControl, Select, Text, TextField } from '@radix-ui/themes'
import { useId } from 'react'
import { ATTRIBUTE_LIMITS, canSetStep, isNumericType } from '../../../../../schema/attribute-rules'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { KeyDraft } from '../../machines/attributeKey.draft'
import { NumberField } from './NumberField'

type Props = {
  /** 'values': what the answers may be (before the options); 'layout': how the control shows them. */
  part: 'values' | 'layout'
  actor: AttributeKeyActor
  draft: KeyDraft
  error: string | undefined
  disabled: boolean
}

const ROWS = Array.from(
  { length: ATTRIBUTE_LIMITS.rows.max - ATTRIBUTE_LIMITS.rows.min + 1 },
  (_, i) => String(ATTRIBUTE_LIMITS.rows.min + i),
)

/** Which field validateConfig's message is about, so it shows beside it. */
function fieldOf(message: string | undefined) {
  if (!message) return undefined
  const word = message.split(' ')[0]
  return word === 'Min' || word === 'Max' || word === 'Step' || word === 'Unit' ? word : 'other'
}

/**
 * The config (SPEC.md §3 'Config keys', §5): Freeform / Discrete Values for numbers and text
 * (BOOLEAN is always discrete), Min, Max, Step (off until Min and Max are set) and Unit for
 * numbers, Number of Rows for a text input, orientation for a radio.
 */
export function ConfigFields({ part, actor, draft, error, disabled }: Props) {
  const unitId = useId()
  const { config, type } = draft
  const configure = (changes: KeyDraft['config']) => actor.send({ type: 'key.configure', changes })
  const numeric = isNumericType(type)
  const about = fieldOf(error)
  return (
    <Flex direction="column" gap="3" asChild>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={disabled}>
        {part === 'values' && (
          <Text as="div" size="2" weight="bold">
            Config
          </Text>
        )}
        {part === 'layout' ? null : type === 'BOOLEAN' ? (
          <Text size="2" color="gray">
            Discrete Values: always True and False.
          </Text>
        ) : (
          <SegmentedControl.Root
            aria-label="Values"
            value={config.descreteValues ? 'discrete' : 'freeform'}
            onValueChange={(value) => configure({ descreteValues: value === 'discrete' })}
            style={{ alignSelf: 'start' }}
          >
            <SegmentedControl.Item value="freeform">Freeform</SegmentedControl.Item>
            <SegmentedControl.Item value="discrete">Discrete Values</SegmentedControl.Item>
          </SegmentedControl.Root>
        )}
        {part === 'values' && numeric && (
          <Flex gap="3" wrap="wrap" align="start">
            <NumberField
              label="Min"
              value={config.min}
              onChange={(min) => configure({ min })}
              error={about === 'Min' ? error : undefined}
            />
            <NumberField
              label="Max"
              value={config.max}
              onChange={(max) => configure({ max })}
              error={about === 'Max' ? error : undefined}
            />
            <NumberField
              label="Step"
              value={config.step}
              disabled={!canSetStep(config) && config.step === undefined}
              hint={canSetStep(config) ? undefined : 'Set Min and Max first'}
              onChange={(step) => configure({ step })}
              error={about === 'Step' ? error : undefined}
            />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={unitId} size="2" weight="medium">
                Unit
              </Text>
              <TextField.Root
                id={unitId}
                value={config.unit ?? ''}
                style={{ width: '10rem' }}
                onChange={(event) => configure({ unit: event.target.value || undefined })}
              />
              {about === 'Unit' && (
                <Text size="1" color="red">
                  {error}
                </Text>
              )}
            </Flex>
          </Flex>
        )}
        {part === 'layout' && type === 'STRING' && draft.controlType === 'INPUT' && (
          <Flex direction="column" gap="1" align="start">
            <Text as="div" id={`${unitId}-rows`} size="2" weight="medium">
              Number of Rows
            </Text>
            <Select.Root
              value={String(config.rows ?? ATTRIBUTE_LIMITS.rows.default)}
              onValueChange={(rows) => configure({ rows: Number(rows) })}
            >
              <Select.Trigger aria-labelledby={`${unitId}-rows`} />
              <Select.Content position="popper">
                {ROWS.map((rows) => (
                  <Select.Item key={rows} value={rows}>
                    {rows}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        )}
        {part === 'layout' && draft.controlType === 'RADIO' && (
          <Flex direction="column" gap="1" align="start">
            <Text as="div" id={`${unitId}-orientation`} size="2" weight="medium">
              Orientation
            </Text>
            <SegmentedControl.Root
              aria-labelledby={`${unitId}-orientation`}
              value={config.inputOrientation ?? 'Horizontal'}
              onValueChange={(value) =>
                configure({ inputOrientation: value === 'Vertical' ? 'Vertical' : 'Horizontal' })
              }
              style={{ alignSelf: 'start' }}
            >
              <SegmentedControl.Item value="Horizontal">Horizontal</SegmentedControl.Item>
              <SegmentedControl.Item value="Vertical">Vertical</SegmentedControl.Item>
            </SegmentedControl.Root>
          </Flex>
        )}
        {part === 'values' && about === 'other' && (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </fieldset>
    </Flex>
  )
}
