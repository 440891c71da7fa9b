/**
 * Field rules of SPEC.md §5, shared by the console's forms and the server's handlers so that both
 * sides accept and refuse the same input. Each validator answers the message to show, or undefined.
 */

export const LIMITS = {
  usernameMax: 254,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 64,
  securityCodeLength: 6,
  nameMax: 100,
} as const

export const MESSAGES = {
  required: 'Required',
  username: 'Must be email/phone',
  email: 'Invalid email address',
  phone: 'Phone number is not valid',
  passwordMin: 'Must be at least 8 characters',
  passwordMax: 'Must be under 64 characters',
  passwordPolicy:
    'Password must be at least 8 characters, containing at least one lowercase letter, one uppercase letter, one number, and one special character.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordsMatch: 'Passwords must match',
  securityCode: 'Must be 6 characters',
} as const

// A pragmatic address check (local@domain.tld), the same one HTML's type=email applies.
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i
const USERNAME_PHONE = /^(?:\+91|0)?(\d{10})$/
const US_PHONE = /^\(?(\d{3})\)?[\s.-]*(\d{3})[\s.-]*(\d{4})$/

export const isEmail = (value: string): boolean =>
  value.length <= LIMITS.emailMax && EMAIL.test(value)

/** Usernames are case-insensitive: compare and store them lowercased and trimmed. */
export const normalizeUsername = (value: string): string => value.trim().toLowerCase()

/** The account a username names: an email address, or a phone's 10 bare digits (+91 or 0 prefix dropped). */
export function parseUsername(value: string): { email: string } | { phone: string } | undefined {
  const username = normalizeUsername(value)
  if (username.length === 0 || username.length > LIMITS.usernameMax) return undefined
  if (isEmail(username)) return { email: username }
  const phone = USERNAME_PHONE.exec(username.replace(/[\s().-]/g, ''))
  return phone?.[1] ? { phone: phone[1] } : undefined
}

export function validateUsername(value: string): string | undefined {
  if (normalizeUsername(value) === '') return MESSAGES.required
  return parseUsername(value) ? undefined : MESSAGES.username
}

/** Login and old-password fields: 8 to 64 characters, no policy (the policy applies to new passwords). */
export function validatePassword(value: string): string | undefined {
  if (value === '') return MESSAGES.required
  if (value.length < LIMITS.passwordMin) return MESSAGES.passwordMin
  if (value.length > LIMITS.passwordMax) return MESSAGES.passwordMax
  return undefined
}

export function validateSecurityCode(value: string): string | undefined {
  if (value === '') return MESSAGES.required
  return value.length === LIMITS.securityCodeLength ? undefined : MESSAGES.securityCode
}

export function validateEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase()
  if (email === '') return MESSAGES.required
  return isEmail(email) ? undefined : MESSAGES.email
}

export function validateRequired(value: string): string | undefined {
  return value.trim() === '' ? MESSAGES.required : undefined
}

/** A US-style phone in any common punctuation, as 10 bare digits; undefined when it is not one. */
export function parsePhone(value: string): string | undefined {
  const match = US_PHONE.exec(value.trim())
  return match ? `${match[1]}${match[2]}${match[3]}` : undefined
}

/** Phone is optional: empty is valid and clears it. */
export function validatePhone(value: string): string | undefined {
  if (value.trim() === '') return undefined
  return parsePhone(value) ? undefined : MESSAGES.phone
}

/** '(###) ### - ####' for display, or 'Not Provided'. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = phone ? /^(\d{3})(\d{3})(\d{4})$/.exec(phone) : null
  return digits ? `(${digits[1]}) ${digits[2]} - ${digits[3]}` : 'Not Provided'
}
