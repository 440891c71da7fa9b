import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { StatePath } from 'xstate/graph'

// Done and error events carry outputs and errors; QA reads what happened, not the payload dump.
function describeEvent(
  event: EventObject & { output?: unknown; error?: unknown; value?: unknown; snapshot?: unknown },
) {
  if ('value' in event) return `${event.type}(${JSON.stringify(event.value)})`
  const tags = (event.snapshot as { tags?: unknown } | undefined)?.tags
  if (Array.isArray(tags)) return `${event.type}(${tags.join(', ')})`
  if (event.error instanceof Error) return `${event.type}(${event.error.message})`
  if (event.output && typeof event.output === 'object') {
    const keys = Object.keys(event.output)
    return `${event.type}(${keys.slice(0, 2).join(', ')}${keys.length > 2 ? ', …' : ''})`
  }
  return event.type
}

/** 'reaches "signedIn.ready": xstate.done.actor.fetchSelf(...) → session.signOut', for test names. */
export function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  const target = JSON.stringify(path.state.value)
  const steps = path.steps
    .map((step) => step.event)
    .filter((event) => event.type !== 'xstate.init')
    .map(describeEvent)
  return `reaches ${target}: ${steps.length ? steps.join(' → ') : '(start)'}`
}
