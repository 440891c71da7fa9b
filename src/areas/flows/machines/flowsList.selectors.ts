import type { FlowsListSnapshot } from './flowsList.machine'

export const selectRows = (s: FlowsListSnapshot) => s.context.rows
export const selectCounting = (s: FlowsListSnapshot) => s.hasTag('busy')
