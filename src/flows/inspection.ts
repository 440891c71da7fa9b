import type { InspectionEvent, Observer } from 'xstate'

export type InspectionListener = (event: InspectionEvent) => void

/**
 * The console's one inspection point. main.tsx passes `inspect` to the root session actor, whose
 * system holds every actor of the console (its children and every screen and dialog actor), so a
 * listener sees each actor created, each event sent (with its source and target) and each snapshot.
 * The Flows page's live view subscribes here.
 */
export type Inspection = {
  /** The observer for `createActor(root, { inspect })`. */
  inspect: Observer<InspectionEvent>
  /** Adds a listener; returns its removal. */
  subscribe: (listener: InspectionListener) => () => void
}

export function createInspection(): Inspection {
  const listeners = new Set<InspectionListener>()
  return {
    inspect: {
      next: (event) => {
        for (const listener of listeners) listener(event)
      },
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
