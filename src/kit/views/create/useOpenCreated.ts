import { useSelector } from '@xstate/react'
import { useEffect, useEffectEvent } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'

/** A create chart: tagged `created` once the server made the record it keeps in `created`. */
type CreateSnapshot = Snapshot<unknown> & {
  hasTag: (tag: 'created') => boolean
  context: { created: { id: string } | null }
}

const selectCreatedId = (s: CreateSnapshot) =>
  s.hasTag('created') ? (s.context.created?.id ?? null) : null

/** Once the chart has created its record, `open` takes the console to it (/services/{id}). */
export function useOpenCreated<TEvent extends EventObject>(
  actor: ActorRef<CreateSnapshot, TEvent>,
  open: (id: string) => void,
) {
  const createdId = useSelector(actor, selectCreatedId)
  const onCreated = useEffectEvent(open)
  useEffect(() => {
    if (createdId) onCreated(createdId)
  }, [createdId])
}
