import { SECTIONS, type FlowsChartSnapshot, type Section } from './flowsChart.machine'

export const selectLoading = (s: FlowsChartSnapshot) => s.hasTag('busy')
export const selectError = (s: FlowsChartSnapshot) => (s.hasTag('error') ? s.context.error : null)
export const selectChart = (s: FlowsChartSnapshot) => s.context.chart
export const selectSection = (s: FlowsChartSnapshot): Section =>
  SECTIONS.find((section) => s.hasTag(section)) ?? 'simulate'
export const selectSimulation = (s: FlowsChartSnapshot) => s.context.simulation
export const selectLog = (s: FlowsChartSnapshot) => s.context.log
export const selectModel = (s: FlowsChartSnapshot) => s.context.model
export const selectPlaying = (s: FlowsChartSnapshot) =>
  s.hasTag('playing') ? s.context.playing : null
export const selectCanForward = (s: FlowsChartSnapshot) => s.can({ type: 'path.forward' })
export const selectCanBack = (s: FlowsChartSnapshot) => s.can({ type: 'path.back' })

/** What the diagram and the outline light up. */
export type Highlights = {
  active: ReadonlySet<string>
  taken: ReadonlySet<string>
  /** Transitions a person may take from the diagram (simulating). */
  enabled: ReadonlySet<string>
}

const NONE: Highlights = { active: new Set(), taken: new Set(), enabled: new Set() }

/**
 * Simulate lights up the simulated machine and offers what it can take; Paths the step of the path
 * being played; the other sections nothing (Live has a diagram of its own).
 */
export function selectHighlights(s: FlowsChartSnapshot): Highlights {
  if (s.hasTag('simulate') && s.context.simulation) {
    const { active, taken, choices } = s.context.simulation
    return {
      active: new Set(active),
      taken: new Set(taken),
      enabled: new Set(choices.flatMap((c) => c.takes.slice(0, 1))),
    }
  }
  const playing = s.hasTag('playing') ? s.context.playing : null
  const path = playing && s.context.chart?.paths.paths[playing.path]
  if (s.hasTag('paths') && path && playing) {
    const step = playing.step === 0 ? undefined : path.steps[playing.step - 1]
    return {
      active: new Set(step ? step.active : path.start.active),
      taken: new Set(step?.taken),
      enabled: new Set(),
    }
  }
  return NONE
}
