import { ReplayResults } from '../../../schema/replay'
import { callFor, http } from './client'

/** The sign-in attempt a Logs row belongs to, as steps on its statechart (GET /v1/logs/{id}/replay). */
export function logReplay(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return callFor(ReplayResults, () =>
    http.get(`logs/${encodeURIComponent(id)}/replay`, { signal }),
  )
}
