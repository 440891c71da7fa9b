import type { LiveUpdate } from '../../../../flows/live'

/** One step of a followed actor, as the panel's log shows it. */
export type LogEntry = {
  at: number
  eventType: string
  taken: string[]
  /** The active state ids after it. */
  active: string[]
  /** Set on the entry that says the actor ended. */
  ended?: LiveUpdate['ended']
}

/** A running (or just ended) actor of a followed machine, in some tab of this browser. */
export type FollowedActor = {
  sessionId: string
  machineId: string
  tab: string
  screen: boolean
  /** 1 for the first actor this panel saw, then 2, …: how the picker tells them apart. */
  number: number
  active: string[]
  /** The transitions of its last step: lit on the diagram. */
  taken: string[]
  ended?: LiveUpdate['ended']
  updatedAt: number
  /** Its last steps, oldest first. */
  log: LogEntry[]
}

export type Followed = { actors: FollowedActor[]; seen: number }

export const NOBODY: Followed = { actors: [], seen: 0 }

export const LOG_LENGTH = 12
/** Ended actors stay on show (a sign-in ends as it succeeds) until this many newer ones ended. */
export const ENDED_KEPT = 3

const sameKeys = (a: string[], b: string[]) => a.join('\n') === b.join('\n')

// Each typed character is a step of its own; the log shows a run of them once (a count would give
// away the length of a password).
function logged(log: LogEntry[], entry: LogEntry): LogEntry[] {
  const last = log.at(-1)
  const repeats =
    last && !last.ended && last.eventType === entry.eventType && sameKeys(last.taken, entry.taken)
  return [...(repeats ? log.slice(0, -1) : log), entry].slice(-LOG_LENGTH)
}

function withoutOldEnded(actors: FollowedActor[]): FollowedActor[] {
  const ended = actors
    .filter((a) => a.ended)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(ENDED_KEPT)
  return ended.length ? actors.filter((a) => !ended.includes(a)) : actors
}

/** The panel's state after one message from the live channel. */
export function follow(state: Followed, update: LiveUpdate): Followed {
  const known = state.actors.find((a) => a.sessionId === update.sessionId)
  // A stop of an actor this panel never saw running has nothing to show.
  if (!known && update.kind === 'stopped') return state
  const actor: FollowedActor = known ?? {
    sessionId: update.sessionId,
    machineId: update.machineId,
    tab: update.tab,
    screen: update.screen,
    number: state.seen + 1,
    active: [],
    taken: [],
    updatedAt: update.at,
    log: [],
  }
  let next: FollowedActor
  if (update.kind === 'stopped') {
    next = {
      ...actor,
      active: update.active.length ? update.active : actor.active,
      ended: update.ended ?? 'stopped',
      updatedAt: update.at,
      log: logged(actor.log, {
        at: update.at,
        eventType: update.eventType,
        taken: [],
        active: update.active.length ? update.active : actor.active,
        ended: update.ended ?? 'stopped',
      }),
    }
  } else {
    // '' is the current state, sent to a listener that just arrived: no step to log.
    const step = update.eventType !== ''
    next = {
      ...actor,
      active: update.active,
      taken: step ? update.taken : actor.taken,
      updatedAt: update.at,
      log: step
        ? logged(actor.log, {
            at: update.at,
            eventType: update.eventType,
            taken: update.taken,
            active: update.active,
          })
        : actor.log,
    }
  }
  const actors = known ? state.actors.map((a) => (a === known ? next : a)) : [...state.actors, next]
  return { actors: withoutOldEnded(actors), seen: known ? state.seen : state.seen + 1 }
}

const latest = (actors: FollowedActor[]) =>
  actors.reduce<FollowedActor | undefined>(
    (best, a) => (!best || a.updatedAt >= best.updatedAt ? a : best),
    undefined,
  )

/**
 * The actor the panel shows: the one the person picked while it is there, else the running one
 * that moved last, else the one that ended last.
 */
export function shown(actors: FollowedActor[], picked: string | null): FollowedActor | undefined {
  return (
    actors.find((a) => a.sessionId === picked) ??
    latest(actors.filter((a) => !a.ended)) ??
    latest(actors)
  )
}

/**
 * "Whatever screen is open" in this tab: the screen or dialog actor that started last and still
 * runs, else the last one that ended.
 */
export function openScreen(actors: FollowedActor[], tab: string): FollowedActor | undefined {
  const screens = actors.filter((a) => a.screen && a.tab === tab)
  const byStart = (list: FollowedActor[]) =>
    list.reduce<FollowedActor | undefined>(
      (best, a) => (!best || a.number > best.number ? a : best),
      undefined,
    )
  return byStart(screens.filter((a) => !a.ended)) ?? latest(screens)
}
