import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'
import { DialogFrame } from '../dialog/DialogFrame'

/** A chart that opens its dialog itself: tagged `open` while it shows. */
type DialogSnapshot = Snapshot<unknown> & { hasTag: (tag: 'open') => boolean }

const selectOpen = (s: DialogSnapshot) => s.hasTag('open')

type Props<TEvent extends EventObject> = {
  /** The dialog is opened by its chart (its `open` tag), not by a Trigger. */
  actor: ActorRef<DialogSnapshot, TEvent>
  /** Sent when the dialog is dismissed (Escape, outside click, Cancel). */
  close: TEvent
  title: string
  description: string
  /** The widest the dialog gets from xs up. */
  maxWidth: string
  children: ReactNode
}

/**
 * A dialog that creates a record (New Service, Add User), or another its chart opens (the
 * second-factor policy): its title and description over the form. The focus goes back to the
 * button that opened it when it closes. Its footer is a DialogActions.
 */
export function CreateDialog<TEvent extends EventObject>({
  actor,
  close,
  title,
  description,
  maxWidth,
  children,
}: Props<TEvent>) {
  const open = useSelector(actor, selectOpen)
  return (
    <DialogFrame
      open={open}
      onClose={() => actor.send(close)}
      returnFocus
      title={title}
      description={description}
      maxWidth={{ initial: '100%', xs: maxWidth }}
    >
      {children}
    </DialogFrame>
  )
}
