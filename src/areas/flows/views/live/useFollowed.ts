import { useMemo, useSyncExternalStore } from 'react'
import { followLive } from '../../../../flows/live'
import { follow, NOBODY, type Followed } from './followed'

/**
 * The followed actors as an external store: it listens on the live channel while anything is
 * subscribed, so publishing tabs stop sending when the panel goes away.
 */
function followedStore(machineId: string | null) {
  let state: Followed = NOBODY
  const subscribers = new Set<() => void>()
  let unfollow: (() => void) | null = null
  return {
    subscribe: (onChange: () => void) => {
      subscribers.add(onChange)
      unfollow ??= followLive(machineId, (update) => {
        state = follow(state, update)
        for (const subscriber of subscribers) subscriber()
      })
      return () => {
        subscribers.delete(onChange)
        if (subscribers.size > 0) return
        unfollow?.()
        unfollow = null
      }
    },
    getSnapshot: () => state,
  }
}

/** The running actors of `machineId` (of every machine with null) in this browser's tabs. */
export function useFollowed(machineId: string | null): Followed {
  const store = useMemo(() => followedStore(machineId), [machineId])
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}
