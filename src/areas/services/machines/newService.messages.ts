import {
  validateServiceDescription,
  validateServiceKey,
  validateServiceName,
  validateServiceUrl,
} from '../../../../schema/service'
import { SERVICE_FIELDS, type TimeoutField } from '../../../../schema/service-fields'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

export type NewServiceTextField = 'key' | 'name' | 'description' | 'url'

export type NewServiceFields = Record<NewServiceTextField, string> & Record<TimeoutField, number>

// How the server's messages name each field: 'Key: Required.', "The key 'crm' is already used…".
const NAMES: [NewServiceTextField, RegExp][] = [
  ['key', /\bkey\b/i],
  ['name', /\bname\b/i],
  ['description', /\bdescription\b/i],
  ['url', /\burl\b/i],
]

/**
 * The field a refusal of the server is about, so that its message shows beside that field: the
 * one it names first. Undefined when it names none (the message then shows under the form).
 */
export function fieldOfMessage(message: string): NewServiceTextField | undefined {
  let found: { field: NewServiceTextField; at: number } | undefined
  for (const [field, pattern] of NAMES) {
    const at = message.search(pattern)
    if (at >= 0 && (!found || at < found.at)) found = { field, at }
  }
  return found?.field
}

/**
 * A key made from a name as the person types it ('CRM Desk' → 'crm-desk'): lower case, runs of
 * anything but letters, digits, '.', '_' and '-' become one '-', no '-' at either end, at most the
 * key's length. What schema/service.ts accepts, or '' when the name has no letter or digit.
 */
export function keyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, SERVICE_FIELDS.key.maxLength)
    .replace(/-+$/, '')
}

/**
 * Whether Create can send the form: nothing malformed, and a key. SPEC.md §5 makes no field of the
 * New Service form required, but the server refuses a service without a key (schema/service.ts);
 * the key is made from the name, so typing a name is enough. Pristine, Create is off (§5).
 */
export function canCreateService(fields: NewServiceFields): boolean {
  const errors = newServiceErrors(fields)
  return fields.key.trim() !== '' && Object.values(errors).every((error) => !error)
}

/**
 * SPEC.md §5 'New Service form': no field is required, but what is typed must have the shape the
 * server accepts (the rules of schema/service.ts). The key's absence keeps Create off instead.
 */
export function newServiceErrors(
  fields: NewServiceFields,
): Partial<Record<NewServiceTextField, string>> {
  return {
    key: fields.key.trim() === '' ? undefined : validateServiceKey(fields.key),
    name: validateServiceName(fields.name, false),
    description: validateServiceDescription(fields.description, false),
    url: validateServiceUrl(fields.url, false),
  }
}

/** The notices of a Create (SPEC.md §4 'Notifications'). */
export const createdNotice = (service: { name: string }) => succeeded(`${service.name} was created`)
export const notCreatedNotice = (reason: string | null) =>
  failed('The service was not created', reason)
