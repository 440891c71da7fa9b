import type { Permission, UserType } from '../../../../schema/permissions'
import {
  LIMITS,
  formatPhone,
  parsePhone,
  validateEmail,
  validatePhone,
  validateRequired,
} from '../../../../schema/rules'
import type { InviteBody } from '../../../../schema/users'
import { isApiError } from '../../../data/api/ApiError'
import { succeeded } from '../../../kit/machines/notification.messages'

export type InviteTextField = 'nameFirst' | 'nameLast' | 'email' | 'phone'

export type InviteFields = Record<InviteTextField, string> & {
  type: UserType
  permissions: Permission[]
}

/** The form as 'Add User' opens it: empty, External, no permission. */
export const emptyInvite = (): InviteFields => ({
  nameFirst: '',
  nameLast: '',
  email: '',
  phone: '',
  type: 'EXTERNAL',
  permissions: [],
})

const NAME_TOO_LONG = `Must be at most ${LIMITS.nameMax} characters`

function validateName(value: string): string | undefined {
  return (
    validateRequired(value) ?? (value.trim().length > LIMITS.nameMax ? NAME_TOO_LONG : undefined)
  )
}

/** The rules of schema/rules.ts the server applies too: names and email required, phone optional. */
export function inviteErrors(fields: InviteFields): Partial<Record<InviteTextField, string>> {
  return {
    nameFirst: validateName(fields.nameFirst),
    nameLast: validateName(fields.nameLast),
    email: validateEmail(fields.email),
    phone: validatePhone(fields.phone),
  }
}

/** The phone as Profile shows it, '(###) ### - ####', once what was typed is a phone number. */
export function displayPhone(typed: string): string {
  const digits = parsePhone(typed)
  return digits ? formatPhone(digits) : typed
}

/** What POST /v1/users is sent: trimmed names, the address lowercased, the phone's ten digits. */
export function inviteBody(fields: InviteFields): InviteBody {
  return {
    nameFirst: fields.nameFirst.trim(),
    nameLast: fields.nameLast.trim(),
    email: fields.email.trim().toLowerCase(),
    phone: parsePhone(fields.phone) ?? null,
    type: fields.type,
    permissions: [...fields.permissions],
  }
}

/** The server could not be reached, or answered without a reason. */
export const INVITE_EXCEPTION = 'The invitation was not sent: an error occurred. Try again.'

/**
 * Where a refusal shows: a 409 (the address or phone is taken) under the field it names, with the
 * server's words; anything else under the form, where 'Send invitation' tries again.
 */
export function inviteRefusal(error: unknown): {
  message: string
  field: 'email' | 'phone' | null
} {
  if (!isApiError(error) || error.network || error.message.trim() === '')
    return { message: INVITE_EXCEPTION, field: null }
  if (error.status === 409)
    return { message: error.message, field: /\bphone\b/i.test(error.message) ? 'phone' : 'email' }
  return { message: `The invitation was not sent: ${error.message}`, field: null }
}

/** The notice of a sent invitation (SPEC.md §4 'Notifications'). */
export const sentNotice = (email: string) => succeeded(`Invitation sent to ${email}.`)
