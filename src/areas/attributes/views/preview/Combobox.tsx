import { Cross2Icon } from '@radix-ui/react-icons'
import { Badge, Box, Flex, IconButton, Text, TextField } from '@radix-ui/themes'
import { useId, useState } from 'react'
import type { Choice } from './previewOptions'

type Props = {
  labelId: string
  choices: Choice[]
  /** The chosen values (one at most unless `multiple`). */
  values: string[]
  multiple: boolean
  onChange: (values: string[]) => void
}

/**
 * AUTOCOMPLETE and AUTOCOMPLETE_MULTI: a text box that filters the choices by label (the ARIA
 * combobox pattern: arrows move, Enter picks, Escape closes). Multi shows the picked values as
 * removable badges.
 */
export function Combobox({ labelId, choices, values, multiple, onChange }: Props) {
  const listId = useId()
  const chosenLabel = (value: string) => choices.find((c) => c.value === value)?.label ?? value
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const shown = text ?? (multiple ? '' : values[0] ? chosenLabel(values[0]) : '')
  const query = (text ?? '').trim().toLowerCase()
  const matches = choices.filter(
    (c) => (!multiple || !values.includes(c.value)) && c.label.toLowerCase().includes(query),
  )
  const pick = (choice: Choice | undefined) => {
    if (!choice) return
    onChange(multiple ? [...values, choice.value] : [choice.value])
    setText(null)
    setOpen(multiple)
    setActive(0)
  }
  const optionId = (index: number) => `${listId}-${index}`
  return (
    <Flex direction="column" gap="2" style={{ position: 'relative' }}>
      {multiple && values.length > 0 && (
        <Flex gap="2" wrap="wrap" aria-label="Chosen values" role="list">
          {values.map((value) => (
            <Badge key={value} size="2" role="listitem">
              {chosenLabel(value)}
              <IconButton
                size="1"
                variant="ghost"
                aria-label={`Remove ${chosenLabel(value)}`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <Cross2Icon />
              </IconButton>
            </Badge>
          ))}
        </Flex>
      )}
      <TextField.Root
        role="combobox"
        aria-labelledby={labelId}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        placeholder="Type to search"
        value={shown}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(0)
          if (!multiple && event.target.value === '') onChange([])
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false)
          setText(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((i) => Math.min(i + 1, matches.length - 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((i) => Math.max(i - 1, 0))
          } else if (event.key === 'Enter' && open) {
            event.preventDefault()
            pick(matches[active])
          } else if (event.key === 'Escape' && open) {
            event.stopPropagation()
            setOpen(false)
          } else if (event.key === 'Backspace' && multiple && shown === '' && values.length) {
            onChange(values.slice(0, -1))
          }
        }}
      />
      <Box
        asChild
        style={{
          display: open ? 'block' : 'none',
          position: 'absolute',
          top: '100%',
          left: 0,
          right: 0,
          zIndex: 1,
          maxHeight: 240,
          overflowY: 'auto',
          margin: '4px 0 0',
          padding: 'var(--space-1)',
          listStyle: 'none',
          background: 'var(--color-panel-solid)',
          border: '1px solid var(--gray-a6)',
          borderRadius: 'var(--radius-3)',
          boxShadow: 'var(--shadow-4)',
        }}
      >
        <ul id={listId} role="listbox" aria-labelledby={labelId}>
          {matches.length === 0 && (
            <li role="presentation">
              <Text size="2" color="gray">
                No matches
              </Text>
            </li>
          )}
          {matches.map((choice, index) => (
            <li
              key={choice.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Picked before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                pick(choice)
              }}
              onMouseEnter={() => setActive(index)}
              style={{
                padding: 'var(--space-1) var(--space-2)',
                borderRadius: 'var(--radius-2)',
                cursor: 'pointer',
                background: index === active ? 'var(--accent-a4)' : undefined,
              }}
            >
              <Text size="2">{choice.label}</Text>
            </li>
          ))}
        </ul>
      </Box>
    </Flex>
  )
}
