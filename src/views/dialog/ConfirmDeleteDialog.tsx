import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes'
import { useRef, type ReactNode } from 'react'

type Props = {
  /** What is deleted, as the title names it: 'session', 'visage'. */
  thing: string
  open: boolean
  busy: boolean
  /** Why the last attempt failed, or null. */
  error: string | null
  canConfirm: boolean
  canCancel: boolean
  onConfirm: () => void
  onCancel: () => void
  /** A sentence after 'Deleting cannot be undone.' about what else happens. */
  detail?: ReactNode
}

/**
 * SPEC.md §2 'Delete confirmation dialog': 'Are you sure you want to delete this {thing}?', that
 * deleting cannot be undone, Cancel and Delete; at least 400 px wide where the screen allows.
 * Its open state belongs to a statechart: Cancel, Escape and a click outside all call onCancel.
 */
export function ConfirmDeleteDialog(props: Props) {
  const { thing, open, busy, error, canConfirm, canCancel, onConfirm, onCancel, detail } = props
  // The dialog has no Trigger (a statechart opens it), so Radix cannot know where focus came
  // from; keep it here and return it there.
  const returnFocusTo = useRef<Element | null>(null)
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel()
      }}
    >
      <AlertDialog.Content
        minWidth={{ initial: '0', xs: '400px' }}
        maxWidth="480px"
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          const origin = returnFocusTo.current
          if (origin instanceof HTMLElement && origin.isConnected) origin.focus()
        }}
      >
        <AlertDialog.Title>Are you sure you want to delete this {thing}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Deleting cannot be undone.{detail ? <> {detail}</> : null}
        </AlertDialog.Description>
        {error && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={!canCancel}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={busy} disabled={!canConfirm} onClick={onConfirm}>
            Delete
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
