import { enqueueActions, type EventObject, type MachineContext } from 'xstate'

/**
 * The action that tells the machine that spawned this one (the Groups page, a group's members)
 * what happened: the event, from the transition's context and event. A chart running alone (its
 * paths replayed) has no parent and tells nobody.
 */
export function tellParent<TContext extends MachineContext, TEvent extends EventObject>(
  message: (args: { context: TContext; event: TEvent }) => EventObject,
) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(
    ({ context, event, self, enqueue }) => {
      const parent = self._parent
      if (parent) enqueue.sendTo(parent, message({ context, event }))
    },
  )
}
