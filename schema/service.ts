import Type, { type Static } from 'typebox'
import { Base, Id } from './common'
import { SERVICE_FIELDS, type TimeoutField } from './service-fields'

/** A token timeout: a whole number of its unit within its bounds (schema/service-fields.ts). */
function timeoutSchema(field: TimeoutField) {
  const { minimum, maximum } = SERVICE_FIELDS[field]
  return Type.Integer({ minimum, maximum })
}

/** An application that signs in through Gatehouse (SPEC.md §3). */
export const Service = Type.Object({
  ...Base,
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  accessTokenTimeout: timeoutSchema('accessTokenTimeout'),
  refreshTokenTimeout: timeoutSchema('refreshTokenTimeout'),
  hasLogo: Type.Boolean(),
  deleted: Type.Boolean(),
  /** OpenID Connect (docs/sso.md): where the service may receive sign-ins and sign-outs. */
  redirectUris: Type.Array(Type.String()),
  postLogoutRedirectUris: Type.Array(Type.String()),
  /** 'public' (PKCE, no secret) or 'confidential' (client secrets). */
  clientType: Type.Union([Type.Literal('public'), Type.Literal('confidential')]),
  /** First-party services skip the consent screen and may ask for gatehouse:permissions. */
  firstParty: Type.Boolean(),
  /** Where back-channel logout tokens are posted; empty for none. */
  backchannelLogoutUri: Type.String(),
  /** Every sign-in into this service needs a second factor, as if it asked acr_values=mfa. */
  requireMfa: Type.Boolean(),
})
export type Service = Static<typeof Service>

export const ServiceAssignment = Type.Object({
  ...Base,
  userId: Id,
  serviceKey: Type.String(),
})
export type ServiceAssignment = Static<typeof ServiceAssignment>

export const SERVICE_MESSAGES = {
  required: 'Required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  key: 'Use letters, digits, dots, dashes and underscores only, starting with a letter or digit',
  url: 'Must be an absolute http:// or https:// URL',
  redirectUri: 'Each must be an absolute http:// or https:// URL without a #fragment',
  tooMany: (max: number) => `At most ${max} addresses`,
} as const

// Keys travel in sign-on requests and assignments: a slug, so they need no escaping anywhere.
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/*
 * Field rules of the service editors (SPEC.md §5), shared by the console's forms and the server. Each
 * answers the message to show next to the field, or undefined. Values are judged trimmed.
 */

function text(value: string, max: number, required: boolean): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return required ? SERVICE_MESSAGES.required : undefined
  return trimmed.length > max ? SERVICE_MESSAGES.tooLong(max) : undefined
}

/** Always required: a slug of letters, digits, '.', '-' and '_', at most 64 characters. */
export function validateServiceKey(value: string): string | undefined {
  const problem = text(value, SERVICE_FIELDS.key.maxLength, true)
  if (problem) return problem
  return KEY.test(value.trim()) ? undefined : SERVICE_MESSAGES.key
}

/** Required when editing; on create an empty name becomes the key. */
export const validateServiceName = (value: string, required = true) =>
  text(value, SERVICE_FIELDS.name.maxLength, required)

/** Required when editing; may be empty on create. */
export const validateServiceDescription = (value: string, required = true) =>
  text(value, SERVICE_FIELDS.description.maxLength, required)

/** An absolute http(s) address with a host. Required when editing; may be empty on create. */
export function validateServiceUrl(value: string, required = true): string | undefined {
  const problem = text(value, SERVICE_FIELDS.url.maxLength, required)
  const url = value.trim()
  if (problem || url === '') return problem
  if (/\s/.test(url)) return SERVICE_MESSAGES.url
  try {
    const parsed = new URL(url)
    const web = parsed.protocol === 'http:' || parsed.protocol === 'https:'
    return web && parsed.hostname !== '' ? undefined : SERVICE_MESSAGES.url
  } catch {
    return SERVICE_MESSAGES.url
  }
}

/** Redirect URIs: each an absolute http(s) URL without a fragment; at most maxItems of them. */
export function validateRedirectUris(values: readonly string[]): string | undefined {
  const { maxItems } = SERVICE_FIELDS.redirectUris
  if (values.length > maxItems) return SERVICE_MESSAGES.tooMany(maxItems)
  for (const value of values) {
    if (validateServiceUrl(value) || value.includes('#')) return SERVICE_MESSAGES.redirectUri
  }
  return undefined
}

/** The back-channel logout URI: empty, or an absolute http(s) URL. */
export const validateBackchannelUri = (value: string) => validateServiceUrl(value, false)

// The schema bounds what is read at all; the rules above judge the trimmed value.
const Key = Type.String({ maxLength: SERVICE_FIELDS.key.maxLength })
const Name = Type.String({ maxLength: SERVICE_FIELDS.name.maxLength })
const Description = Type.String({ maxLength: SERVICE_FIELDS.description.maxLength })
const Url = Type.String({ maxLength: SERVICE_FIELDS.url.maxLength })
const Uris = (field: 'redirectUris' | 'postLogoutRedirectUris') =>
  Type.Array(Url, { maxItems: SERVICE_FIELDS[field].maxItems })
const AccessTokenTimeout = Service.properties.accessTokenTimeout
const RefreshTokenTimeout = Service.properties.refreshTokenTimeout
/**
 * POST /v1/service. Only the key is required; a missing or empty name becomes the key, the
 * description and url default to empty and the timeouts to SERVICE_FIELDS' defaults. A null is a
 * wrong type (400), not a request for the default: the client said something it did not mean.
 */
export const CreateServiceBody = Type.Object(
  {
    key: Key,
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    url: Type.Optional(Url),
    accessTokenTimeout: Type.Optional(AccessTokenTimeout),
    refreshTokenTimeout: Type.Optional(RefreshTokenTimeout),
  },
  { additionalProperties: false },
)
export type CreateServiceBody = Static<typeof CreateServiceBody>

/** PUT /v1/service/:id/<field>: one field, named as the path segment. */
export const ServiceFieldBodies = {
  name: Type.Object({ name: Name }, { additionalProperties: false }),
  description: Type.Object({ description: Description }, { additionalProperties: false }),
  key: Type.Object({ key: Key }, { additionalProperties: false }),
  url: Type.Object({ url: Url }, { additionalProperties: false }),
  accessTokenTimeout: Type.Object(
    { accessTokenTimeout: AccessTokenTimeout },
    { additionalProperties: false },
  ),
  refreshTokenTimeout: Type.Object(
    { refreshTokenTimeout: RefreshTokenTimeout },
    { additionalProperties: false },
  ),
  redirectUris: Type.Object(
    { redirectUris: Uris('redirectUris') },
    { additionalProperties: false },
  ),
  postLogoutRedirectUris: Type.Object(
    { postLogoutRedirectUris: Uris('postLogoutRedirectUris') },
    { additionalProperties: false },
  ),
  clientType: Type.Object(
    { clientType: Service.properties.clientType },
    { additionalProperties: false },
  ),
  firstParty: Type.Object({ firstParty: Type.Boolean() }, { additionalProperties: false }),
  backchannelLogoutUri: Type.Object({ backchannelLogoutUri: Url }, { additionalProperties: false }),
  requireMfa: Type.Object({ requireMfa: Type.Boolean() }, { additionalProperties: false }),
} as const
export type ServiceField = keyof typeof ServiceFieldBodies
export const ServiceFields = Object.keys(ServiceFieldBodies) as ServiceField[]
export type ServiceChange = Pick<Service, ServiceField>

export const ServiceIdParams = Type.Object({ id: Id })

export const ServiceResults = Type.Object({ service: Service })
export type ServiceResults = Static<typeof ServiceResults>

/** The multipart field a logo upload travels in (SPEC.md §7). */
export const LOGO_FIELD = 'logo'

/** Stored logo renditions, each fitted inside a square box of this many pixels, never enlarged. */
export const LOGO_SIZES = { small: 64, medium: 128, large: 256 } as const
export type LogoSize = keyof typeof LOGO_SIZES

export const LogoSizeParams = Type.Object({
  id: Id,
  size: Type.Enum(['small', 'medium', 'large'] satisfies LogoSize[]),
})
