import { Dialog } from '@radix-ui/themes'
import type { ComponentProps, ReactNode } from 'react'
import { useReturnFocus } from './useReturnFocus'

type ContentProps = ComponentProps<typeof Dialog.Content>

type Props = {
  title: ReactNode
  description: ReactNode
  /** A plain lead sentence, or (the default) a gray note above the form. */
  tone?: 'note' | 'plain'
  /** Views mount most dialogs only while their statechart has them open. */
  open?: boolean
  /** Escape or a click outside: the statechart's close event, when `canClose`. */
  onClose: () => void
  canClose?: boolean
  maxWidth: ContentProps['maxWidth']
  /** At least 400 px wide where the screen allows (SPEC.md §9). */
  minWidth?: ContentProps['minWidth']
  /** A combobox inside keeps Escape to itself (keepEscapeInCombobox). */
  onEscapeKeyDown?: ContentProps['onEscapeKeyDown']
  /**
   * For a dialog mounted while closed and opened by its chart (no Trigger): the focus goes back
   * to what opened it when it closes (useReturnFocus).
   */
  returnFocus?: boolean
  children: ReactNode
}

const AT_LEAST_400 = { initial: '0', xs: '400px' }

/**
 * A dialog whose open state belongs to a statechart: its title, its description and its body;
 * closing it any way other than its buttons sends the statechart's close event.
 */
export function DialogFrame({
  title,
  description,
  tone = 'note',
  open = true,
  onClose,
  canClose = true,
  maxWidth,
  minWidth = AT_LEAST_400,
  onEscapeKeyDown,
  returnFocus = false,
  children,
}: Props) {
  const focus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && canClose) onClose()
      }}
    >
      <Dialog.Content
        onEscapeKeyDown={onEscapeKeyDown}
        maxWidth={maxWidth}
        minWidth={minWidth}
        {...(returnFocus ? focus : undefined)}
      >
        <Dialog.Title>{title}</Dialog.Title>
        {tone === 'note' ? (
          <Dialog.Description size="2" color="gray" mb="4">
            {description}
          </Dialog.Description>
        ) : (
          <Dialog.Description size="2">{description}</Dialog.Description>
        )}
        {children}
      </Dialog.Content>
    </Dialog.Root>
  )
}
