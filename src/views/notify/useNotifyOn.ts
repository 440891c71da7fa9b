import { useEffect, useRef } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'
import type { NotificationItem } from '../../machines/notification.machine'
import { useNotify } from './useNotify'

/**
 * Notifies when a flow's statechart reports success: `report(previous, next)` returns the item for
 * the step that just happened (e.g. busy → closed), or null. The flow's own inline messages stay.
 */
export function useNotifyOn<A extends AnyActorRef>(
  actor: A | null | undefined,
  report: (previous: SnapshotFrom<A>, next: SnapshotFrom<A>) => NotificationItem | null,
) {
  const notify = useNotify()
  const reportRef = useRef(report)
  useEffect(() => {
    reportRef.current = report
  })
  useEffect(() => {
    if (!actor) return
    let previous = actor.getSnapshot() as SnapshotFrom<A>
    const subscription = actor.subscribe((next: SnapshotFrom<A>) => {
      const item = reportRef.current(previous, next)
      previous = next
      if (item) notify(item)
    })
    return () => subscription.unsubscribe()
  }, [actor, notify])
}
