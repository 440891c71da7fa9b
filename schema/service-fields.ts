/*
 * One definition per editable service field (SPEC.md §5): its label, and its unit, default and
 * bounds where it has them. The TypeBox schemas of schema/service.ts take their bounds from here,
 * the server names fields and fills defaults from it, the provider's token lifetimes follow the
 * units, and the console's sliders and forms read it. Bounds carry TypeBox's keyword names
 * (maxLength, maxItems, minimum, maximum) so that a schema picks them up as they are.
 *
 * Plain constants, no imports: the database tables read the defaults too.
 */

/** A unit of a token timeout: its words (one, several) and its length in seconds. */
export const TIMEOUT_UNITS = {
  hour: { words: ['hour', 'hours'], seconds: 3_600 },
  day: { words: ['day', 'days'], seconds: 86_400 },
} as const
export type TimeoutUnit = keyof typeof TIMEOUT_UNITS

/** What may define a field; bounds are named as TypeBox names them. */
type FieldDefinition = {
  label: string
  unit?: TimeoutUnit
  default?: string | number | boolean
  minimum?: number
  maximum?: number
  step?: number
  maxLength?: number
  maxItems?: number
}

/**
 * Access tokens last hours (1 to 10, default 1, the usual hour of an OAuth access token), refresh
 * tokens days (1 to 60, default 30). Whole numbers: the sliders step by one.
 */
export const SERVICE_FIELDS = {
  key: { label: 'Key', maxLength: 64 },
  name: { label: 'Name', maxLength: 100 },
  description: { label: 'Description', maxLength: 1000 },
  url: { label: 'URL', maxLength: 2048 },
  accessTokenTimeout: {
    label: 'Access token timeout',
    unit: 'hour',
    default: 1,
    minimum: 1,
    maximum: 10,
    step: 1,
  },
  refreshTokenTimeout: {
    label: 'Refresh token timeout',
    unit: 'day',
    default: 30,
    minimum: 1,
    maximum: 60,
    step: 1,
  },
  redirectUris: { label: 'Redirect URIs', maxItems: 20 },
  postLogoutRedirectUris: { label: 'Post-logout redirect URIs', maxItems: 20 },
  clientType: { label: 'Client type', default: 'public' },
  firstParty: { label: 'First party', default: true },
  backchannelLogoutUri: { label: 'Back-channel logout URI' },
  requireMfa: { label: 'Requires a second factor', default: false },
} as const satisfies Record<string, FieldDefinition>

/** The two token timeouts, each a whole number of its unit. */
export type TimeoutField = 'accessTokenTimeout' | 'refreshTokenTimeout'
export const TIMEOUT_FIELDS = ['accessTokenTimeout', 'refreshTokenTimeout'] as const

/** '1 hour', '30 days': a timeout's value with its unit. */
export function timeoutText(field: TimeoutField, value: number): string {
  const [one, several] = TIMEOUT_UNITS[SERVICE_FIELDS[field].unit].words
  return `${value} ${value === 1 ? one : several}`
}

/** A timeout's value in seconds, as token lifetimes are counted. */
export const timeoutSeconds = (field: TimeoutField, value: number) =>
  value * TIMEOUT_UNITS[SERVICE_FIELDS[field].unit].seconds
