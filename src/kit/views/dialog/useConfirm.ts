import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'

type ConfirmSnapshot<TEvent> = Snapshot<unknown> & {
  hasTag: (tag: 'open' | 'busy' | 'error') => boolean
  can: (event: TEvent) => boolean
  context: { error: string | null }
}

/** A chart with a confirmation: tagged `open` while it asks, `busy` while it acts, `error` if it failed. */
export type ConfirmActor<TEvent extends EventObject> = ActorRef<ConfirmSnapshot<TEvent>, TEvent>

/**
 * What a confirmation dialog shows of its chart, as ConfirmDialog's props name them (its failure
 * only while it asks), and its buttons' events: spread the result on the dialog.
 */
export function useConfirm<TEvent extends EventObject>(
  actor: ConfirmActor<TEvent>,
  confirm: TEvent,
  cancel: TEvent,
) {
  const state = useSelector(
    actor,
    (s) => ({
      open: s.hasTag('open'),
      busy: s.hasTag('busy'),
      error: s.hasTag('open') && s.hasTag('error') ? s.context.error : null,
      canConfirm: s.can(confirm),
      canCancel: s.can(cancel),
    }),
    shallowEqual,
  )
  return { ...state, onConfirm: () => actor.send(confirm), onCancel: () => actor.send(cancel) }
}
