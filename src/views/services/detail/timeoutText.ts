import { TOKEN_TIMEOUTS } from '../../../../schema/service'
import type { TimeoutField } from '../../../machines/serviceTimeout.machine'

/** The two token timeouts (SPEC.md §5): label, bounds, and unit (schema/service.ts: hours, days). */
export const TIMEOUTS: Record<
  TimeoutField,
  { label: string; min: number; max: number; unit: [string, string] }
> = {
  accessTokenTimeout: {
    label: 'Access Token Timeout',
    ...TOKEN_TIMEOUTS.access,
    unit: ['hour', 'hours'],
  },
  refreshTokenTimeout: {
    label: 'Refresh Token Timeout',
    ...TOKEN_TIMEOUTS.refresh,
    unit: ['day', 'days'],
  },
}

/** '1 hour', '30 days'. */
export const timeoutText = (field: TimeoutField, value: number) =>
  `${value} ${TIMEOUTS[field].unit[value === 1 ? 0 : 1]}`
