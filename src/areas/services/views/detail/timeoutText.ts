import { TOKEN_TIMEOUTS } from '../../../../../schema/service'
import { TIMEOUT_LABEL, type TimeoutField } from '../../machines/serviceTimeout.messages'

/** The two token timeouts (SPEC.md §5): label, bounds, and unit (schema/service.ts: hours, days). */
export const TIMEOUTS: Record<
  TimeoutField,
  { label: string; min: number; max: number; unit: [string, string] }
> = {
  accessTokenTimeout: {
    label: TIMEOUT_LABEL.accessTokenTimeout,
    ...TOKEN_TIMEOUTS.access,
    unit: ['hour', 'hours'],
  },
  refreshTokenTimeout: {
    label: TIMEOUT_LABEL.refreshTokenTimeout,
    ...TOKEN_TIMEOUTS.refresh,
    unit: ['day', 'days'],
  },
}

/** '1 hour', '30 days'. */
export const timeoutText = (field: TimeoutField, value: number) =>
  `${value} ${TIMEOUTS[field].unit[value === 1 ? 0 : 1]}`
