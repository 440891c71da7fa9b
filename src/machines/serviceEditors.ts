import {
  validateServiceDescription,
  validateServiceKey,
  validateServiceName,
  validateServiceUrl,
  type Service,
} from '../../schema/service'
import { updateServiceField } from '../data/api/services'
import { storeService } from '../data/db/services'
import type { EditorSpec } from './inlineEditor.machine'

/** The text fields of a service that have an inline editor (SPEC.md §2 'Services'). */
export type ServiceTextField = 'name' | 'description' | 'key' | 'url'

/** One inline editor of the service detail: its one field, its rule, and its PUT. */
export type ServiceEditorSpec = EditorSpec<Service> & { key: ServiceTextField }

// The rules of schema/service.ts, which the server applies too: on edit every field is required
// ('Required', SPEC.md §5), and key and url have a shape.
const RULES: Record<ServiceTextField, (value: string) => string | undefined> = {
  name: (value) => validateServiceName(value),
  description: (value) => validateServiceDescription(value),
  key: validateServiceKey,
  url: (value) => validateServiceUrl(value),
}

type PutField = (
  id: string,
  field: ServiceTextField,
  value: string,
  options: { signal: AbortSignal },
) => Promise<Service>

/**
 * The editor of one field. `put` is the server call, which tests swap (the inline editor's
 * `saveRecord` actor, provided, saves through `serviceEditor(spec.key, stub)`).
 */
export function serviceEditor(
  field: ServiceTextField,
  put: PutField = (...args) => updateServiceField(...args),
): ServiceEditorSpec {
  const typed = (fields: Record<string, string>) => fields[field] ?? ''
  return {
    key: field,
    subject: `The service ${field}`,
    fields: (service) => ({ [field]: service[field] }),
    normalize: (_field, value) => value,
    errors: (fields) => ({ [field]: RULES[field](typed(fields)) }),
    isChanged: (fields, service) => typed(fields).trim() !== service[field],
    body: (fields) => typed(fields).trim(),
    send: (id, body, options) => put(id, field, body as string, options),
    keep: storeService,
  }
}

export const serviceNameEditor = serviceEditor('name')
export const serviceDescriptionEditor = serviceEditor('description')
export const serviceKeyEditor = serviceEditor('key')
export const serviceUrlEditor = serviceEditor('url')
