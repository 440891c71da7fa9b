import type { InspectionEvent, Observer } from 'xstate'
import { createInspection } from '../../src/flows/inspection'

/**
 * Where every root actor a test starts for a view (renderApp's, renderLogin's and testSession's
 * session) reports its inspection events, as main.tsx's `inspect` does in the console: the session's
 * system holds every screen and dialog actor, so a model test sees the transitions the view's own
 * actor takes (tests/model/viewCoverage.ts). One per test file (vitest isolates modules).
 */
export const viewInspection = createInspection()

/** `viewInspection`'s observer, and the test's own if it gave one. */
export function inspectViews(own?: Observer<InspectionEvent>): Observer<InspectionEvent> {
  return {
    next: (event) => {
      viewInspection.inspect.next?.(event)
      own?.next?.(event)
    },
  }
}
