import { SERVICE_FIELDS, type TimeoutField } from '../../../../schema/service-fields'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** A timeout's label (schema/service-fields.ts) as its slider says it: 'Access Token Timeout'. */
export const timeoutLabel = (field: TimeoutField) =>
  SERVICE_FIELDS[field].label.replace(/\b\w/g, (letter) => letter.toUpperCase())

const what = (field: TimeoutField) => `The ${SERVICE_FIELDS[field].label.toLowerCase()}`

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
