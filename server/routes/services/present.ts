import type { ServiceRow } from '../../db/schema/services'
import { toService } from '../../presenters/service'

/** `{success: true, results: {service}}`, the answer of every service change. */
export const serviceAnswer = (row: ServiceRow) => ({
  success: true as const,
  results: { service: toService(row) },
})
