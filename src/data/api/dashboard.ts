import { DashboardResults } from '../../../schema/dashboard'
import { callFor, http } from './client'

/** Every figure of the Dashboard (GET /v1/dashboard, dashboard.read). */
export async function readDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return callFor(DashboardResults, () => http.get('dashboard', { signal }))
}
