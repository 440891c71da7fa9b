import { Flex, Select, Text } from '@radix-ui/themes'
import {
  SelectableAttributeTypes,
  type AttributeType,
  type ControlType,
} from '../../../../../schema/attributes'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { DraftErrors, KeyDraft } from '../../machines/attributeKey.draft'
import { FormField } from '../../../../kit/views/form/FormField'
import { useFieldError } from '../../../../kit/views/form/useFieldError'
import { CONTROL_TYPE_LABELS, TYPE_LABELS } from '../../machines/attributeKey.labels'

type Props = {
  actor: AttributeKeyActor
  draft: KeyDraft
  errors: DraftErrors
  allowed: ControlType[]
  disabled: boolean
}

/** Name, Type and Prompt. */
export function KeyFields({ actor, draft, errors, disabled }: Omit<Props, 'allowed'>) {
  return (
    <>
      <FormField
        label="Name"
        autoComplete="off"
        autoFocus
        readOnly={disabled}
        value={draft.name}
        error={errors.name}
        onValueChange={(value) => actor.send({ type: 'key.edit', field: 'name', value })}
      />
      <Flex direction="column" gap="1" align="start">
        <Text as="div" id="key-type-label" size="2" weight="medium">
          Type
        </Text>
        <Select.Root
          value={draft.type}
          disabled={disabled}
          onValueChange={(value) =>
            actor.send({ type: 'key.changeType', value: value as AttributeType })
          }
        >
          <Select.Trigger aria-labelledby="key-type-label" style={{ minWidth: '12rem' }} />
          <Select.Content position="popper">
            {SelectableAttributeTypes.map((type) => (
              <Select.Item key={type} value={type}>
                {TYPE_LABELS[type]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <FormField
        label="Prompt"
        autoComplete="off"
        readOnly={disabled}
        value={draft.prompt}
        error={errors.prompt}
        onValueChange={(value) => actor.send({ type: 'key.edit', field: 'prompt', value })}
      />
    </>
  )
}

/**
 * Control Type: only those the type, config and option count allow (SPEC.md §5). Its error, like
 * every field's, shows once the person has been to the field (SPEC.md §5 'validate on touch'):
 * a change elsewhere that clears it (Discrete Values) leaves the placeholder, not a red message.
 */
export function ControlTypeField({ actor, draft, errors, allowed, disabled }: Props) {
  const field = useFieldError(errors.controlType)
  return (
    <Flex direction="column" gap="1" align="start">
      <Text as="div" id="key-control-type-label" size="2" weight="medium">
        Control Type
      </Text>
      <Select.Root
        // An empty string keeps the Select controlled while nothing is chosen.
        value={draft.controlType ?? ''}
        disabled={disabled}
        onValueChange={(value) =>
          actor.send({ type: 'key.chooseControlType', value: value as ControlType })
        }
        // Closing the list, chosen or not, is a visit to the field.
        onOpenChange={(open) => {
          if (!open) field.onBlur()
        }}
      >
        <Select.Trigger
          aria-labelledby="key-control-type-label"
          aria-describedby={field.error ? 'key-control-type-error' : undefined}
          aria-invalid={field.error ? true : undefined}
          placeholder="Choose a Control Type"
          color={field.error ? 'red' : undefined}
          style={{ minWidth: '14rem' }}
          onBlur={(event) => {
            // Opening the list moves the focus into it: that is no leaving the field yet.
            if (event.currentTarget.getAttribute('aria-expanded') !== 'true') field.onBlur()
          }}
        />
        <Select.Content position="popper">
          {allowed.map((controlType) => (
            <Select.Item key={controlType} value={controlType}>
              {CONTROL_TYPE_LABELS[controlType]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {field.error && (
        <Text id="key-control-type-error" size="1" color="red">
          {field.error}
        </Text>
      )}
    </Flex>
  )
}
