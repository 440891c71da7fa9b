import type { ReactNode } from 'react'
import { ConfirmDialog } from './ConfirmDialog'

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
export function ConfirmDeleteDialog({ thing, detail, ...rest }: Props) {
  return (
    <ConfirmDialog
      {...rest}
      title={`Are you sure you want to delete this ${thing}?`}
      text={<>Deleting cannot be undone.{detail ? <> {detail}</> : null}</>}
      action="Delete"
      color="red"
    />
  )
}
