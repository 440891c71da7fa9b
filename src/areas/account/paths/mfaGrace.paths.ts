import {
  mfaGraceMachine,
  type MfaGraceEvent,
  type MfaGraceInput,
  type MfaGraceSnapshot,
} from '../machines/mfaGrace.machine'
import { graceTitle } from '../machines/mfaGrace.messages'
import { definePaths, type PathsModel } from '../../../flows/model'
import { daysFromNow, modelPerStart } from '../../../kit/paths/starts'

/** When the grace period ends, as each model starts: 19.5 days left reads as 20 (rounded up). */
export const graceStarts = {
  due: daysFromNow(19.5),
  notDue: null,
}
export type GraceStart = keyof typeof graceStarts

const events = [
  { type: 'mfaGrace.expiryClosed' },
  { type: 'mfaGrace.setUp' },
  { type: 'mfaGrace.later' },
] as unknown as MfaGraceEvent[]

const input = (graceUntil: string | null): MfaGraceInput => ({
  userId: 'u1',
  graceUntil,
  dismissed: false,
  now: Date.now(),
})

const names: Record<GraceStart, string> = {
  due: 'Second-factor warning: 20 days of grace left',
  notDue: 'Second-factor warning: nothing required',
}

function shows(s: MfaGraceSnapshot): string {
  const { graceUntil, daysLeft } = s.context
  if (s.hasTag('open') && graceUntil && daysLeft !== null)
    return `The '${graceTitle(graceUntil, daysLeft)}' dialog over Home: 'Set up now' and Later`
  if (s.matches('waiting')) return 'The password-expiry dialog; this warning waits behind it'
  return s.matches('dismissed') ? 'No dialog; put off for this browser session' : 'Home; no dialog'
}

// Whether the warning is due is fixed when the frame opens: one model per starting point.
const modelFor = (start: GraceStart) =>
  definePaths({
    name: names[start],
    machine: mfaGraceMachine,
    events,
    input: input(graceStarts[start]),
    // 'Set up now' and 'Later' end in the same state: the way in counts, so both are taken.
    serializeState: (s, event, previous) =>
      JSON.stringify(s.value) +
      (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
        ? ` via ${event.type}`
        : ''),
    filterEvents: (s, event) => s.can(event),
    shows,
  })

export const mfaGracePaths: Record<GraceStart, PathsModel<typeof mfaGraceMachine>> = modelPerStart(
  graceStarts,
  modelFor,
)

export const models = Object.values(mfaGracePaths)
