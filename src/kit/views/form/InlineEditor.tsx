import { Cross2Icon, Pencil1Icon } from '@radix-ui/react-icons'
import { Box, Button, Flex, Grid, IconButton, RadioGroup, Text, TextArea } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId, useState, type ComponentProps } from 'react'
import type { EditorActor, EditorRecord, EditorSnapshot } from '../../machines/inlineEditor.machine'
import { FormField } from './FormField'
import { PasswordField } from './PasswordField'
import { useFieldControl } from './useFieldError'
import { ErrorText } from './ErrorText'

/** One input of an editor: the field's name in the chart, its label and its kind. */
export type EditorField = {
  name: string
  label: string
  /** 'lines': a text area, one value per line; 'choice': radio buttons of `choices`. */
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'lines' | 'choice'
  autoComplete?: ComponentProps<typeof FormField>['autoComplete']
  choices?: readonly { value: string; label: string }[]
}

type Props = {
  editor: EditorActor
  /** 'Name', 'Email', 'Phone': the row's label, and (lowercased) the icons' names. */
  title: string
  /** The saved value as the closed row shows it. */
  display: string
  fields: EditorField[]
  /** The freshest copy of what is edited (a cache the sync keeps); editing starts from it. */
  record?: EditorRecord
  /** No edit icon: the value cannot be changed now (a deleted service). */
  readOnly?: boolean
}

const selectOpen = (s: EditorSnapshot) => s.hasTag('open')
const selectOpenEditor = (s: EditorSnapshot) => ({
  busy: s.hasTag('busy'),
  error: s.hasTag('error') ? s.context.error : null,
  values: s.context.fields,
  spec: s.context.spec,
  canSave: s.can({ type: 'editor.save' }),
  canCancel: s.can({ type: 'editor.cancel' }),
})

/**
 * A row of the Personal Info card (SPEC.md §2 'Profile') or of a service's detail ('Services'): the
 * saved value with an edit icon, or, when open, the inputs with a cancel icon (SPEC.md), a Cancel
 * button beside 'Save Changes' for those who look for one there, and the row's name as a heading
 * only where no input is labelled with it already.
 */
export function InlineEditor({ editor, title, display, fields, record, readOnly }: Props) {
  const open = useSelector(editor, selectOpen)
  // Once opened from its edit icon, the row gives the focus back to it when the editor closes
  // (saved or cancelled): the form the focus was in is gone.
  const [edited, setEdited] = useState(false)
  const thing = title.toLowerCase()
  if (!open) {
    return (
      <Flex justify="between" align="center" gap="3" role="group" aria-label={title}>
        <Box minWidth="0">
          <Text as="div" size="2" color="gray">
            {title}
          </Text>
          <Text as="div" size="3" style={{ overflowWrap: 'anywhere' }}>
            {display}
          </Text>
        </Box>
        {!readOnly && (
          <IconButton
            variant="ghost"
            color="gray"
            aria-label={`Edit ${thing}`}
            autoFocus={edited}
            onClick={() => {
              setEdited(true)
              editor.send(record ? { type: 'editor.open', record } : { type: 'editor.open' })
            }}
          >
            <Pencil1Icon width={18} height={18} />
          </IconButton>
        )}
      </Flex>
    )
  }
  return <OpenEditor editor={editor} title={title} fields={fields} />
}

function OpenEditor({ editor, title, fields }: Pick<Props, 'editor' | 'title' | 'fields'>) {
  const { busy, error, values, spec, canSave, canCancel } = useSelector(
    editor,
    selectOpenEditor,
    shallowEqual,
  )
  const errors = spec.errors(values)
  const thing = title.toLowerCase()
  // 'Name' heads First Name and Last Name; 'Email' over a field labelled Email would say it twice.
  const heading = !fields.some((field) => field.label.toLowerCase() === thing)
  const cancel = () => editor.send({ type: 'editor.cancel' })
  return (
    <form
      aria-label={`Edit ${thing}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        editor.send({ type: 'editor.save' })
      }}
    >
      <Flex direction="column" gap="3">
        <Flex justify={heading ? 'between' : 'end'} align="center" gap="3">
          {heading && (
            <Text size="2" weight="medium">
              {title}
            </Text>
          )}
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            aria-label={`Cancel editing ${thing}`}
            disabled={!canCancel}
            onClick={cancel}
          >
            <Cross2Icon width={18} height={18} />
          </IconButton>
        </Flex>
        <Grid columns={{ initial: '1', sm: fields.length > 1 ? '2' : '1' }} gap="3">
          {fields.map((field, index) => {
            const props = {
              label: field.label,
              autoComplete: field.autoComplete,
              // The person just asked to edit this: the first input takes the focus.
              autoFocus: index === 0,
              readOnly: busy,
              value: values[field.name] ?? '',
              error: errors[field.name],
              onValueChange: (value: string) =>
                editor.send({ type: 'editor.fieldChanged', field: field.name, value }),
            }
            if (field.type === 'password') return <PasswordField key={field.name} {...props} />
            if (field.type === 'lines') return <LinesField key={field.name} {...props} />
            if (field.type === 'choice')
              return <ChoiceField key={field.name} choices={field.choices ?? []} {...props} />
            return <FormField key={field.name} type={field.type ?? 'text'} {...props} />
          })}
        </Grid>
        <ErrorText message={error} />
        <Flex justify="end" gap="3" wrap="wrap">
          <Button type="button" variant="soft" color="gray" disabled={!canCancel} onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={busy}>
            Save Changes
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}

type InputProps = {
  label: string
  autoFocus: boolean
  readOnly: boolean
  value: string
  error: string | undefined
  onValueChange: (value: string) => void
}

/** A labelled text area (one value per line) with its validation message. */
function LinesField({ label, autoFocus, readOnly, value, error, onValueChange }: InputProps) {
  const field = useFieldControl(error, onValueChange)
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={field.id} size="2" weight="medium">
        {label}
      </Text>
      <TextArea
        {...field.control}
        size="3"
        rows={3}
        autoFocus={autoFocus}
        readOnly={readOnly}
        value={value}
      />
      <Text
        size="1"
        color={field.error ? 'red' : 'gray'}
        id={field.error ? field.messageId : undefined}
      >
        {field.error ?? 'One per line.'}
      </Text>
    </Flex>
  )
}

/** A labelled group of radio buttons, one per choice. */
function ChoiceField({
  label,
  readOnly,
  value,
  onValueChange,
  choices,
}: InputProps & { choices: readonly { value: string; label: string }[] }) {
  const id = useId()
  return (
    <Box>
      <Text as="div" size="2" weight="medium" id={id} mb="1">
        {label}
      </Text>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        disabled={readOnly}
        onValueChange={onValueChange}
      >
        {choices.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value}>
            {choice.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </Box>
  )
}
