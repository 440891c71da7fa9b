import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDownIcon, ArrowUpIcon, DragHandleDots2Icon, TrashIcon } from '@radix-ui/react-icons'
import { Flex, IconButton, Text, TextField } from '@radix-ui/themes'
import type { AttributeKeyActor } from '../../machines/attributeKey.machine'
import type { OptionDraft } from '../../machines/attributeKey.draft'
import { OptionImageDrop } from './OptionImageDrop'

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

/** An option's two texts, in their order. */
const TEXT_FIELDS = [
  { field: 'label', label: 'Label' },
  { field: 'value', label: 'Value' },
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
    <Flex
      ref={setNodeRef}
      asChild
      gap="2"
      align="start"
      wrap="wrap"
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
        {!fixed && (
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            disabled={disabled}
            aria-label={`Drag ${name}`}
            style={{ cursor: 'grab', marginTop: 6 }}
            {...attributes}
            {...listeners}
          >
            <DragHandleDots2Icon />
          </IconButton>
        )}
        {TEXT_FIELDS.map(({ field, label }) => (
          <OptionText
            key={field}
            label={label}
            name={`option ${index + 1}`}
            value={option[field]}
            readOnly={fixed || disabled}
            error={errors?.[field]}
            onChange={(value) => actor.send({ type: 'option.edit', id: option.id, field, value })}
          />
        ))}
        {!fixed && (
          <>
            <OptionImageDrop
              name={name}
              path={option.imagePath}
              file={option.imageFile}
              disabled={disabled}
              onChoose={(file) => actor.send({ type: 'option.chooseImage', id: option.id, file })}
              onRemove={() => actor.send({ type: 'option.removeImage', id: option.id })}
              onRejected={onRejected}
            />
            <Flex gap="1" align="center" style={{ marginTop: 6 }}>
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
    </Flex>
  )
}

function OptionText({
  label,
  name,
  value,
  readOnly,
  error,
  onChange,
}: {
  label: string
  name: string
  value: string
  readOnly: boolean
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <Flex direction="column" gap="1" style={{ flex: '1 1 7rem', minWidth: '7rem' }}>
      <TextField.Root
        aria-label={`${label} of ${name}`}
        placeholder={label}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        color={error ? 'red' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <Text size="1" color="red">
          {label}: {error}
        </Text>
      )}
    </Flex>
  )
}
