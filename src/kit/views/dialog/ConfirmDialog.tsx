import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { ErrorCallout } from '../form/ErrorCallout'
import { useReturnFocus } from './useReturnFocus'

export type ConfirmDialogProps = {
  title: ReactNode
  text: ReactNode
  /** The confirming button's label: 'Delete', 'Restore'. */
  action: string
  color?: 'red' | undefined
  open: boolean
  busy: boolean
  error: string | null
  canConfirm: boolean
  canCancel: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A confirmation whose open state belongs to a statechart: Cancel, Escape and a click outside all
 * call onCancel, and focus goes back where it came from. At least 400 px wide where the screen
 * allows (SPEC.md §9). The delete and the service confirmations are this with their words.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, text, action, color, open, busy, error, canConfirm, canCancel } = props
  // No Trigger (a statechart opens it): the focus goes back where it came from.
  const returnFocus = useReturnFocus(open)
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) props.onCancel()
      }}
    >
      <AlertDialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth="480px"
        {...returnFocus}
      >
        <AlertDialog.Title style={{ overflowWrap: 'anywhere' }}>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2" style={{ overflowWrap: 'anywhere' }}>
          {text}
        </AlertDialog.Description>
        {error && <ErrorCallout message={error} mt="3" />}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={!canCancel}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color={color} loading={busy} disabled={!canConfirm} onClick={props.onConfirm}>
            {action}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
