import { failed, succeeded } from '../../../kit/machines/notification.messages'

export type TimeoutField = 'accessTokenTimeout' | 'refreshTokenTimeout'

/** The two token timeouts' names (SPEC.md §5), as the sliders and the notices say them. */
export const TIMEOUT_LABEL: Record<TimeoutField, string> = {
  accessTokenTimeout: 'Access Token Timeout',
  refreshTokenTimeout: 'Refresh Token Timeout',
}

const what = (field: TimeoutField) => `The ${TIMEOUT_LABEL[field].toLowerCase()}`

/**
 * A saved timeout. Each arrow key saves: one notice at a time, not one per key (the stack ignores
 * a key it already shows).
 */
export const timeoutSavedNotice = (serviceId: string, field: TimeoutField) => ({
  ...succeeded(`${what(field)} was saved`),
  key: `timeout-saved:${serviceId}:${field}`,
})

export const timeoutNotSavedNotice = (field: TimeoutField, reason: string | null) =>
  failed(`${what(field)} was not saved`, reason)
