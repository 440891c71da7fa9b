import type { ReactNode } from 'react'
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog'

/** The confirmation's state and events; its words are the delete dialog's own. */
type Props = Omit<ConfirmDialogProps, 'title' | 'text' | 'action' | 'color'> & {
  /** What is deleted, as the title names it: 'session', 'visage'. */
  thing: string
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
