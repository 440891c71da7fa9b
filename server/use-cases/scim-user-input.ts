import { ACCESS_LIMITS } from '../../schema/access'
import { isEmail, LIMITS } from '../../schema/rules'
import type { UserType } from '../../schema/permissions'
import { SCIM_SCHEMAS } from '../../schema/scim'
import { ScimError } from '../domain/scim-errors'

/*
 * A SCIM User body (POST, PUT, or the resource a PATCH produced) read as Gatehouse's fields
 * (docs/scim.md, "Mapping"). Read-only attributes (id, meta, groups) are ignored here; the caller
 * checks `id` against the path.
 */

export interface ScimUserFields {
  email: string
  nameFirst: string
  nameLast: string
  /** Ten digits, or null for none. */
  phone: string | null
  externalId: string | null
  /** Undefined when the body does not say. */
  active?: boolean
  type?: UserType
  sendInvitation: boolean
}

const invalid = (detail: string) => new ScimError(400, detail, 'invalidValue')
const EXTERNAL_ID_MAX = 255

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The body's attribute by name, case-insensitively (RFC 7643 §2.1), with or without its URN. */
function attribute(body: Record<string, unknown>, name: string): unknown {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase()
    if (lower === wanted || lower === `${SCIM_SCHEMAS.user.toLowerCase()}:${wanted}`) return value
  }
  return undefined
}

function text(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalid(`${name} must be a string.`)
  const trimmed = value.trim()
  // eslint-disable-next-line no-control-regex -- control characters are never part of a name
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw invalid(`${name} has control characters.`)
  if (trimmed.length > max) throw invalid(`${name} is longer than ${max} characters.`)
  return trimmed === '' ? undefined : trimmed
}

/** SCIM booleans; Entra sends "True"/"False" strings. */
export function scimBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'boolean') return value
  if (typeof value === 'string' && /^(true|false)$/i.test(value))
    return value.toLowerCase() === 'true'
  throw invalid(`${name} must be true or false.`)
}

/**
 * Ten digits from a number in any punctuation; a leading 1 (+1) or 0, or +91, is dropped, as the
 * sign-in username rule drops +91 and 0.
 */
export function scimPhone(value: string): string {
  const digits = value.replace(/[\s().+-]/g, '')
  if (!/^\d+$/.test(digits))
    throw invalid(`The phone number "${value}" has characters besides digits.`)
  const ten =
    digits.length === 10
      ? digits
      : digits.length === 11 && /^[10]/.test(digits)
        ? digits.slice(1)
        : digits.length === 12 && digits.startsWith('91')
          ? digits.slice(2)
          : undefined
  if (!ten) throw invalid(`The phone number "${value}" is not a ten-digit number.`)
  return ten
}

function phoneOf(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) throw invalid('phoneNumbers must be a list.')
  const numbers = value.filter(isRecord).filter((n) => n.value !== undefined && n.value !== null)
  if (numbers.length !== value.length) throw invalid('Each phone number is an object with a value.')
  // Gatehouse keeps one number: the mobile one (codes go there), else the primary, else the first.
  const chosen =
    numbers.find((n) => typeof n.type === 'string' && n.type.toLowerCase() === 'mobile') ??
    numbers.find((n) => n.primary === true || n.primary === 'True') ??
    numbers[0]
  if (!chosen) return null
  if (typeof chosen.value !== 'string') throw invalid('A phone number value must be a string.')
  return chosen.value.trim() === '' ? null : scimPhone(chosen.value)
}

function typeOf(value: unknown): UserType | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^(internal|external)$/i.test(value))
    return value.toUpperCase() as UserType
  throw invalid('userType must be INTERNAL or EXTERNAL.')
}

/**
 * The user types a body names, core `userType` and the extension's: a PATCH may have changed
 * either (the user as SCIM shows it carries both).
 */
export function userTypesOf(body: object): (UserType | undefined)[] {
  const fields = body as Record<string, unknown>
  const extension = fields[SCIM_SCHEMAS.gatehouseUser]
  return [
    typeOf(attribute(fields, 'userType')),
    typeOf(isRecord(extension) ? extension.userType : undefined),
  ]
}

/** The Gatehouse fields a SCIM User body carries; 400 invalidValue for what Gatehouse cannot keep. */
export function readScimUser(body: unknown): ScimUserFields {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax')
  const userName = text(attribute(body, 'userName'), 'userName', LIMITS.emailMax)
  if (!userName) throw invalid('userName (the email address) is required.')
  const email = userName.toLowerCase()
  if (!isEmail(email)) throw invalid(`userName "${userName}" is not an email address.`)
  const name = attribute(body, 'name')
  if (name !== undefined && name !== null && !isRecord(name))
    throw invalid('name must be an object.')
  const nameFirst = text(name?.givenName, 'name.givenName', LIMITS.nameMax)
  const nameLast = text(name?.familyName, 'name.familyName', LIMITS.nameMax)
  if (!nameFirst || !nameLast)
    throw invalid('name.givenName and name.familyName are both required by Gatehouse.')
  const extension = body[SCIM_SCHEMAS.gatehouseUser]
  const own = isRecord(extension) ? extension : {}
  return {
    email,
    nameFirst,
    nameLast,
    phone: phoneOf(attribute(body, 'phoneNumbers')),
    externalId: text(attribute(body, 'externalId'), 'externalId', EXTERNAL_ID_MAX) ?? null,
    active: scimBoolean(attribute(body, 'active'), 'active'),
    type: typeOf(own.userType) ?? typeOf(attribute(body, 'userType')),
    sendInvitation: scimBoolean(own.sendInvitation, 'sendInvitation') ?? false,
  }
}

/** A group's displayName and externalId from a SCIM Group body. */
export function readScimGroup(body: unknown): { name: string; externalId: string | null } {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a JSON object.', 'invalidSyntax')
  const name = text(attribute(body, 'displayName'), 'displayName', ACCESS_LIMITS.nameMax)
  if (!name) throw invalid('displayName is required.')
  return {
    name,
    externalId: text(attribute(body, 'externalId'), 'externalId', EXTERNAL_ID_MAX) ?? null,
  }
}

/** The member ids of a SCIM Group body's `members` (undefined when it has none). */
export function readMembers(body: unknown): string[] | undefined {
  if (!isRecord(body)) return undefined
  const members = attribute(body, 'members')
  if (members === undefined || members === null) return undefined
  if (!Array.isArray(members)) throw invalid('members must be a list.')
  return members.map((member) => {
    if (!isRecord(member) || typeof member.value !== 'string')
      throw invalid('Each member is an object with a value (a user id).')
    return member.value
  })
}
