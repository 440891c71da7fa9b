import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDownIcon, ArrowUpIcon, DragHandleDots2Icon, TrashIcon } from '@radix-ui/react-icons'
import { Box, Flex, Grid, IconButton, Text, TextField } from '@radix-ui/themes'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { OptionDraft } from '../../machines/attributeKey.draft'
import { useFieldControl } from '../../../../kit/views/form/useFieldError'
import { OptionImageDrop } from './OptionImageDrop'

/**
 * The option list's columns, shared by its header and its rows: the handle, Option label, Value,
 * then the image and the buttons (on a phone, these two go under the texts).
 */
export const OPTION_COLUMNS = {
  initial: '32px minmax(0, 1fr) minmax(0, 1fr)',
  xs: '32px minmax(0, 1fr) minmax(0, 1fr) 140px 80px',
}
const BELOW_ON_PHONE = {
  image: { initial: '2', xs: 'auto' },
  buttons: { initial: '3', xs: 'auto' },
}

type Props = {
  actor: AttributeKeyActor
  option: OptionDraft
  index: number
  count: number
  /** BOOLEAN options are fixed (SPEC.md §4): nothing about them can be edited. */
  fixed: boolean
  disabled: boolean
  errors: { label?: string; value?: string } | undefined
  onRejected: (message: string) => void
}

/** An option's two texts, in their order, named after their column (OptionList's header). */
const TEXT_FIELDS = [
  { field: 'label', label: 'Option label', example: 'e.g. Extra large' },
  { field: 'value', label: 'Value', example: 'e.g. XL' },
] as const

/** One option: drag handle, Label, Value, image, Move up/down and Delete. */
export function OptionRow({
  actor,
  option,
  index,
  count,
  fixed,
  disabled,
  errors,
  onRejected,
}: Props) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: option.id,
    disabled: fixed || disabled,
  })
  const name = option.label || option.value || `option ${index + 1}`
  const move = (to: number) => actor.send({ type: 'option.move', from: index, to })
  return (
    <Grid
      ref={setNodeRef}
      asChild
      columns={OPTION_COLUMNS}
      gap="2"
      align="start"
      p="2"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        background: isDragging ? 'var(--accent-a3)' : 'var(--gray-a2)',
        borderRadius: 'var(--radius-3)',
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <li aria-label={`Option ${index + 1}: ${name}`}>
        <Box>
          {!fixed && (
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              disabled={disabled}
              aria-label={`Drag ${name}`}
              // Its own size, no ghost margins: the handle column is 32 px wide.
              style={{ cursor: 'grab', margin: 0 }}
              {...attributes}
              {...listeners}
            >
              <DragHandleDots2Icon />
            </IconButton>
          )}
        </Box>
        {TEXT_FIELDS.map(({ field, label, example }) => (
          <OptionText
            key={field}
            label={label}
            example={example}
            name={`option ${index + 1}`}
            value={option[field]}
            readOnly={fixed || disabled}
            error={errors?.[field]}
            onChange={(value) => actor.send({ type: 'option.edit', id: option.id, field, value })}
          />
        ))}
        {!fixed && (
          <>
            <Box gridColumn={BELOW_ON_PHONE.image}>
              <OptionImageDrop
                name={name}
                path={option.imagePath}
                file={option.imageFile}
                disabled={disabled}
                onChoose={(file) => actor.send({ type: 'option.chooseImage', id: option.id, file })}
                onRemove={() => actor.send({ type: 'option.removeImage', id: option.id })}
                onRejected={onRejected}
              />
            </Box>
            <Flex
              gridColumn={BELOW_ON_PHONE.buttons}
              gap="1"
              align="center"
              style={{ marginTop: 6 }}
            >
              <IconButton
                type="button"
                size="1"
                variant="soft"
                color="gray"
                disabled={disabled || index === 0}
                aria-label={`Move ${name} up`}
                onClick={() => move(index - 1)}
              >
                <ArrowUpIcon />
              </IconButton>
              <IconButton
                type="button"
                size="1"
                variant="soft"
                color="gray"
                disabled={disabled || index === count - 1}
                aria-label={`Move ${name} down`}
                onClick={() => move(index + 1)}
              >
                <ArrowDownIcon />
              </IconButton>
              <IconButton
                type="button"
                size="1"
                variant="soft"
                color="red"
                disabled={disabled}
                aria-label={`Delete ${name}`}
                onClick={() => actor.send({ type: 'option.remove', id: option.id })}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
          </>
        )}
      </li>
    </Grid>
  )
}

function OptionText({
  label,
  example,
  name,
  value,
  readOnly,
  error,
  onChange,
}: {
  label: string
  example: string
  name: string
  value: string
  readOnly: boolean
  error: string | undefined
  onChange: (value: string) => void
}) {
  // Its error shows once the person has left the field (SPEC.md §5), not as an option is added.
  const field = useFieldControl(error, onChange)
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <TextField.Root
        aria-label={`${label} of ${name}`}
        placeholder={readOnly ? undefined : example}
        value={value}
        readOnly={readOnly}
        {...field.control}
      />
      {field.error && (
        <Text id={field.messageId} size="1" color="red">
          {label}: {field.error}
        </Text>
      )}
    </Flex>
  )
}
