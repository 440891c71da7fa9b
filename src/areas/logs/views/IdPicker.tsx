import { Badge, Flex, Popover, Spinner, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId, useRef, type KeyboardEvent } from 'react'
import type {
  LogsPickerActor,
  LogsPickerSnapshot,
  PickerMatch,
} from '../machines/logsPicker.machine'
import {
  selectText,
  selectOpen,
  selectBusy,
  selectOffered,
  selectNone,
  selectFailed,
  selectError,
  selectMatches,
  selectMore,
  selectActive,
} from '../machines/logsPicker.selectors'

type Props = {
  actor: LogsPickerActor
  /** 'User', 'Actor', 'Service': the box's name. */
  label: string
  placeholder: string
  /** What failed to be searched, in the failure line ('users'). */
  things: string
  /** A match was chosen: the view sets the filter (the URL). */
  onChoose: (id: string) => void
}

const selectPicker = (s: LogsPickerSnapshot) => ({
  text: selectText(s),
  open: selectOpen(s),
  busy: selectBusy(s),
  offered: selectOffered(s),
  none: selectNone(s),
  failed: selectFailed(s),
  error: selectError(s),
  matches: selectMatches(s),
  more: selectMore(s),
  active: selectActive(s),
})

/**
 * A type-ahead picker (the ARIA combobox pattern): the box keeps the focus, the matches open in a
 * popover below it as a listbox, the highlighted option is the box's active descendant. Arrows
 * move, Enter or a click chooses, Escape closes (again: empties the box).
 */
export function IdPicker({ actor, label, placeholder, things, onChoose }: Props) {
  const { text, open, busy, offered, none, failed, error, matches, more, active } = useSelector(
    actor,
    selectPicker,
    shallowEqual,
  )
  const anchor = useRef<HTMLDivElement>(null)
  const listId = useId()
  const optionId = (index: number) => `${listId}-${index}`

  const choose = (match: PickerMatch | undefined) => {
    if (!match) return
    actor.send({ type: 'picker.choose', match })
    onChoose(match.id)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (offered) actor.send({ type: 'picker.move', by: event.key === 'ArrowDown' ? 1 : -1 })
      else if (!open && event.key === 'ArrowDown') actor.send({ type: 'picker.open' })
    } else if (event.key === 'Enter') {
      // The box is not a form field to submit: Enter chooses, or does nothing.
      event.preventDefault()
      if (offered) choose(matches[active])
    } else if (event.key === 'Escape') {
      if (open) actor.send({ type: 'picker.close' })
      else if (text !== '') actor.send({ type: 'picker.typed', text: '' })
    }
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'picker.close' })
      }}
    >
      {/* Radix Themes' Popover.Anchor drops its children (3.3.0): the box is a virtual anchor. */}
      <Popover.Anchor virtualRef={anchor} />
      <div ref={anchor}>
        <TextField.Root
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={offered ? listId : undefined}
          aria-activedescendant={offered && matches[active] ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => actor.send({ type: 'picker.typed', text: event.target.value })}
          onClick={() => {
            if (!open) actor.send({ type: 'picker.open' })
          }}
          onKeyDown={onKeyDown}
          style={{ width: '12em' }}
        />
      </div>
      <Popover.Content
        // The list belongs to the box, which keeps the focus: no dialog, no focus moved.
        role="presentation"
        size="1"
        minWidth="18em"
        maxWidth="min(26em, calc(100vw - 20px))"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        // The box handles Escape itself: a second one empties it, which the popover cannot tell.
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          // A click in the box itself is not 'outside'.
          if (anchor.current?.contains(event.target as Node)) event.preventDefault()
        }}
        // Pressing on the list must not take the focus from the box.
        onMouseDown={(event) => event.preventDefault()}
        style={{ width: 'var(--radix-popover-trigger-width)' }}
      >
        {offered && (
          <Flex asChild direction="column" gap="1">
            <ul id={listId} role="listbox" aria-label={label} className="logs-options">
              {matches.map((match, index) => (
                <li
                  key={match.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="logs-option"
                  data-active={index === active || undefined}
                  onMouseMove={() => {
                    if (index !== active) actor.send({ type: 'picker.highlight', index })
                  }}
                  onClick={() => choose(match)}
                >
                  <Flex direction="column" minWidth="0">
                    <Flex gap="2" align="center">
                      <Text size="2" truncate>
                        {match.name}
                      </Text>
                      {match.deleted && (
                        <Badge size="1" color="gray">
                          Deleted
                        </Badge>
                      )}
                    </Flex>
                    <Text size="1" color="gray" truncate>
                      {match.detail}
                    </Text>
                  </Flex>
                </li>
              ))}
            </ul>
          </Flex>
        )}
        {/* Present while open, so that what it says is announced as it changes. */}
        <Text as="p" size="1" color="gray" role="status" mt={offered && more > 0 ? '2' : '0'}>
          {busy && (
            <Flex as="span" gap="2" align="center">
              <Spinner size="1" /> Searching…
            </Flex>
          )}
          {none && 'No matches'}
          {offered && more > 0 && `${more.toLocaleString('en-US')} more: keep typing to narrow`}
        </Text>
        {failed && (
          <Text as="p" size="1" color="red" role="alert">
            The {things} could not be searched in this browser’s data{error ? `: ${error}` : '.'}
          </Text>
        )}
      </Popover.Content>
    </Popover.Root>
  )
}
