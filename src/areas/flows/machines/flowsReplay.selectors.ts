import type { FlowsReplaySnapshot } from './flowsReplay.machine'
import type { PlayedStep } from './flowsReplay.play'

export const selectLoading = (s: FlowsReplaySnapshot) => s.hasTag('busy')
export const selectError = (s: FlowsReplaySnapshot) =>
  s.matches('failed') ? s.context.error : null
export const selectChart = (s: FlowsReplaySnapshot) => s.context.chart
export const selectStep = (s: FlowsReplaySnapshot) => s.context.step
export const selectPlaying = (s: FlowsReplaySnapshot) => s.hasTag('playing')
export const selectCanForward = (s: FlowsReplaySnapshot) => s.can({ type: 'replay.forward' })
export const selectCanBack = (s: FlowsReplaySnapshot) => s.can({ type: 'replay.back' })

/** The recorded step shown (undefined at the start). */
export const selectShown = (s: FlowsReplaySnapshot): PlayedStep | undefined =>
  s.context.step === 0 ? undefined : s.context.chart?.played.steps[s.context.step - 1]

const NONE = { active: new Set<string>(), taken: new Set<string>() }

/** What the diagram and the outline light up: the states after the step shown, its transitions. */
export function selectHighlights(s: FlowsReplaySnapshot) {
  const played = s.context.chart?.played
  if (!played) return NONE
  const step = selectShown(s)
  return {
    active: new Set(step ? step.active : played.start.active),
    taken: new Set(step?.taken ?? []),
  }
}

/** Where the attempt stopped: the last step's message, or the state it rests in. */
export function stoppedText(steps: readonly PlayedStep[]): string {
  const last = steps.at(-1)
  if (!last) return 'The audit log recorded no step of this attempt.'
  return `The attempt stopped here: ${last.message ?? last.checkpoint}`
}
