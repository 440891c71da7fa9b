import {
  validateServiceDescription,
  validateServiceKey,
  validateServiceName,
  validateServiceUrl,
} from '../../../../schema/service'
import type { TimeoutField } from '../../../../schema/service-fields'
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
 * SPEC.md §5 'New Service form': no field is required, but what is typed must have the shape the
 * server accepts (the rules of schema/service.ts). The key's absence is the server's to refuse.
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
