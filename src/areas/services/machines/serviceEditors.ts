import {
  validateBackchannelUri,
  validateRedirectUris,
  validateServiceDescription,
  validateServiceKey,
  validateServiceName,
  validateServiceUrl,
  type Service,
} from '../../../../schema/service'
import { SERVICE_FIELDS } from '../../../../schema/service-fields'
import { updateServiceField } from '../../../data/api/services'
import { storeService } from '../../../data/db/services'
import type { EditorSpec } from '../../../kit/machines/inlineEditor.machine'

/** The text fields of a service that have an inline editor (SPEC.md §2 'Services'). */
export type ServiceTextField = 'name' | 'description' | 'key' | 'url'

/** The OpenID Connect fields of a service (docs/sso.md, "Clients are services"). */
export type ServiceClientField =
  'redirectUris' | 'postLogoutRedirectUris' | 'backchannelLogoutUri' | 'clientType' | 'firstParty'

/** One inline editor of the service detail: its one field, its rule, and its PUT. */
export type ServiceEditorSpec = EditorSpec<Service> & { key: ServiceTextField }

/** One inline editor of the service's client fields. */
export type ServiceClientEditorSpec = EditorSpec<Service> & { key: ServiceClientField }

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

type PutClientField = (
  id: string,
  field: ServiceClientField,
  value: unknown,
  options: { signal: AbortSignal },
) => Promise<Service>

const putClientField: PutClientField = (id, field, value, options) =>
  updateServiceField(id, field, value as never, options)

/** 'The redirect URIs': a field's label (schema/service-fields.ts) as the subject of a notice. */
const subjectOf = (field: ServiceClientField) => {
  const { label } = SERVICE_FIELDS[field]
  return `The ${label.charAt(0).toLowerCase()}${label.slice(1)}`
}

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

/** The URIs of a list field as typed: one per line (spaces and commas separate them too). */
export const uriLines = (value: string) => value.split(/[\s,]+/).filter((uri) => uri !== '')

/** Redirect URIs or post-logout redirect URIs: a list, one URI per line; empty is allowed. */
export function serviceUriListEditor(
  field: 'redirectUris' | 'postLogoutRedirectUris',
  put: PutClientField = putClientField,
): ServiceClientEditorSpec {
  const typed = (fields: Record<string, string>) => uriLines(fields[field] ?? '')
  return {
    key: field,
    subject: subjectOf(field),
    fields: (service) => ({ [field]: service[field].join('\n') }),
    normalize: (_field, value) => value,
    errors: (fields) => ({ [field]: validateRedirectUris(typed(fields)) }),
    isChanged: (fields, service) => typed(fields).join('\n') !== service[field].join('\n'),
    body: (fields) => typed(fields),
    send: (id, body, options) => put(id, field, body, options),
    keep: storeService,
  }
}

/** The back-channel logout URI: empty (none) or one absolute http(s) URL. */
export function serviceBackchannelEditor(
  put: PutClientField = putClientField,
): ServiceClientEditorSpec {
  const typed = (fields: Record<string, string>) => (fields.backchannelLogoutUri ?? '').trim()
  return {
    key: 'backchannelLogoutUri',
    subject: subjectOf('backchannelLogoutUri'),
    fields: (service) => ({ backchannelLogoutUri: service.backchannelLogoutUri }),
    normalize: (_field, value) => value,
    errors: (fields) => ({ backchannelLogoutUri: validateBackchannelUri(typed(fields)) }),
    isChanged: (fields, service) => typed(fields) !== service.backchannelLogoutUri,
    body: typed,
    send: (id, body, options) => put(id, 'backchannelLogoutUri', body, options),
    keep: storeService,
  }
}

/** The choices of the client type and first-party editors, as their radio buttons name them. */
export const CLIENT_TYPE_CHOICES = [
  { value: 'public', label: 'Public (PKCE, no secret)' },
  { value: 'confidential', label: 'Confidential (client secret)' },
] as const
export const PARTY_CHOICES = [
  { value: 'first', label: 'First-party (no consent screen)' },
  { value: 'third', label: 'Third-party (asks for consent)' },
] as const

/** Public or confidential (docs/sso.md): a choice of two. */
export function serviceClientTypeEditor(
  put: PutClientField = putClientField,
): ServiceClientEditorSpec {
  const typed = (fields: Record<string, string>) => fields.clientType ?? ''
  return {
    key: 'clientType',
    subject: subjectOf('clientType'),
    fields: (service) => ({ clientType: service.clientType }),
    normalize: (_field, value) => value,
    errors: (fields) => ({
      clientType: CLIENT_TYPE_CHOICES.some((c) => c.value === typed(fields))
        ? undefined
        : 'Required',
    }),
    isChanged: (fields, service) => typed(fields) !== service.clientType,
    body: typed,
    send: (id, body, options) => put(id, 'clientType', body, options),
    keep: storeService,
  }
}

/** First-party (no consent) or third-party (consent screen). */
export function serviceFirstPartyEditor(
  put: PutClientField = putClientField,
): ServiceClientEditorSpec {
  const typed = (fields: Record<string, string>) => fields.firstParty ?? ''
  return {
    key: 'firstParty',
    subject: 'The first-party setting',
    fields: (service) => ({ firstParty: service.firstParty ? 'first' : 'third' }),
    normalize: (_field, value) => value,
    errors: (fields) => ({
      firstParty: PARTY_CHOICES.some((c) => c.value === typed(fields)) ? undefined : 'Required',
    }),
    isChanged: (fields, service) => (typed(fields) === 'first') !== service.firstParty,
    body: (fields) => typed(fields) === 'first',
    send: (id, body, options) => put(id, 'firstParty', body, options),
    keep: storeService,
  }
}

export const serviceRedirectUrisEditor = serviceUriListEditor('redirectUris')
export const servicePostLogoutUrisEditor = serviceUriListEditor('postLogoutRedirectUris')
export const serviceBackchannelUriEditor = serviceBackchannelEditor()
export const serviceClientTypeField = serviceClientTypeEditor()
export const serviceFirstPartyField = serviceFirstPartyEditor()
