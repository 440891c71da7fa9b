import { Button, Dialog, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useReturnFocus } from '../dialog/useReturnFocus'

type Props = {
  /** The chart's `open` tag: the dialog is opened by the chart, not by a Trigger. */
  open: boolean
  /** Sent when the dialog is dismissed (Escape, outside click, Cancel). */
  onCancel: () => void
  title: string
  description: string
  /** The widest the dialog gets from xs up. */
  maxWidth: string
  children: ReactNode
}

/**
 * A dialog that creates a record (New Service, Add User): its title and description over the
 * form. The focus goes back to the button that opened it when it closes.
 */
export function CreateDialog({ open, onCancel, title, description, maxWidth, children }: Props) {
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel()
      }}
    >
      <Dialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth={{ initial: '100%', xs: maxWidth }}
        {...returnFocus}
      >
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  )
}

type ActionsProps = { busy: boolean; canCancel: boolean; canSubmit: boolean; submit: string }

/** Cancel, which closes the dialog, and the submitting button, busy while the chart creates. */
export function CreateActions({ busy, canCancel, canSubmit, submit }: ActionsProps) {
  return (
    <Flex gap="3" justify="end" wrap="wrap">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray" disabled={!canCancel}>
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" loading={busy} disabled={!canSubmit}>
        {submit}
      </Button>
    </Flex>
  )
}
