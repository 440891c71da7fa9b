import type { DashboardSnapshot } from './dashboard.machine'

/** The dashboard screen: what its view reads of the machine (tags, context, can, state). */
export const selectFigures = (s: DashboardSnapshot) => s.context.figures
export const selectLoading = (s: DashboardSnapshot) => s.matches('loading')
export const selectFailed = (s: DashboardSnapshot) => s.matches('failed')
export const selectError = (s: DashboardSnapshot) => s.context.error
export const selectRefreshing = (s: DashboardSnapshot) => s.matches('refreshing')
export const selectCanRefresh = (s: DashboardSnapshot) => s.can({ type: 'dashboard.refresh' })
