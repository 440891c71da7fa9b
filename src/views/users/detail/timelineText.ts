import type { AuditEvent, AuditPerson } from '../../../../schema/users'

/*
 * One audit event about a user as a sentence for the detail's Timeline: "Signed in from 10.0.0.7",
 * "Sign-in refused: wrong password", "admin@example.com locked the account", "admin@example.com
 * changed the email from a@x to b@x". Pure: the view adds the time.
 */

type Detail = Record<string, unknown>
type Change = { before?: unknown; after?: unknown }

/** Who did it, as the console names a person: their email, else their name, else 'Someone'. */
export function personName(person: AuditPerson | null): string {
  if (!person) return 'Someone'
  const name = [person.nameFirst, person.nameLast].filter(Boolean).join(' ')
  return person.email ?? (name || 'Someone')
}

// The server's error codes (schema/errors.ts) a refused sign-in records, in words.
const CODE_WORDS: Record<number, string> = {
  801: 'wrong password',
  802: 'the account is locked',
  803: 'wrong security code',
  808: 'the account is disabled',
  823: 'too many attempts, locked for a while',
}

const REASON_WORDS: Record<string, string> = {
  'address throttled': 'too many attempts from this address',
  throttled: 'too many attempts',
  'unknown user': 'no such user',
  'wrong password': 'wrong password',
}

const FIELD_WORDS: Record<string, string> = {
  nameFirst: 'first name',
  nameLast: 'last name',
  name: 'name',
  email: 'email',
  pendingEmail: 'email waiting for confirmation',
  phone: 'phone',
  type: 'type',
  permissions: 'permissions',
  use2FA: 'two-factor',
  visage: 'visage',
  mustChangePassword: 'password change requirement',
  locked: 'lock',
  disabled: 'access',
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/** A value as the sentence shows it: text as is, none as 'none', a list comma-separated. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : 'none'
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (value === 'INTERNAL') return 'Internal'
  if (value === 'EXTERNAL') return 'External'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

/** One changed field: "changed the email from a@x to b@x", "gave users.write", "turned off two-factor". */
export function changeText(field: string, { before, after }: Change): string {
  if (field === 'permissions' && (Array.isArray(before) || Array.isArray(after))) {
    const was = new Set(Array.isArray(before) ? before.map(String) : [])
    const now = new Set(Array.isArray(after) ? after.map(String) : [])
    const added = [...now].filter((p) => !was.has(p))
    const removed = [...was].filter((p) => !now.has(p))
    const parts = [
      added.length ? `gave ${added.join(', ')}` : '',
      removed.length ? `took away ${removed.join(', ')}` : '',
    ].filter(Boolean)
    return parts.length ? parts.join(' and ') : 'kept the permissions'
  }
  if (field === 'use2FA' && typeof after === 'boolean')
    return `turned ${after ? 'on' : 'off'} two-factor`
  if (field === 'mustChangePassword' && typeof after === 'boolean')
    return after ? 'required a password change' : 'lifted the password change requirement'
  if (field === 'locked' && typeof after === 'boolean')
    return after ? 'locked the account' : 'unlocked the account'
  if (field === 'disabled' && typeof after === 'boolean')
    return after ? 'disabled the account' : 'enabled the account'
  const words = FIELD_WORDS[field] ?? field
  return `changed the ${words} from ${shown(before)} to ${shown(after)}`
}

/** "a, b and c". */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

function changesOf(detail: Detail): [string, Change][] {
  const changes = detail.changes
  if (!changes || typeof changes !== 'object') return []
  return Object.entries(changes as Record<string, Change>).filter(
    ([, change]) => change && typeof change === 'object',
  )
}

function refusedSignIn(event: AuditEvent, detail: Detail): string {
  const reason = str(detail.reason)
  const code = num(detail.code)
  const words =
    (reason && (REASON_WORDS[reason] ?? reason)) ??
    (code !== undefined ? CODE_WORDS[code] : undefined) ??
    (event.action === 'login.verify' ? 'wrong security code' : 'wrong password')
  return `Sign-in refused: ${words}`
}

function signedIn(event: AuditEvent, detail: Detail): string {
  const how =
    detail.method === 'passkey'
      ? ' with a passkey'
      : event.action === 'login.verify'
        ? ' with a security code'
        : ''
  return `Signed in${how}${event.ip ? ` from ${event.ip}` : ''}`
}

function failedAttempts(detail: Detail): string {
  const count = num(detail.failedAttempts)
  return count ? ` after ${count} failed sign-in${count === 1 ? '' : 's'}` : ''
}

/** A staff change: "admin@x changed the email from a to b" (or, refused, why). */
function staffChange(event: AuditEvent, detail: Detail, who: string): string {
  const changes = changesOf(detail)
  const field = str(detail.field)
  const what = changes.length
    ? listed(changes.map(([name, change]) => changeText(name, change)))
    : field
      ? `changed the ${FIELD_WORDS[field] ?? field}`
      : 'changed the account'
  if (event.outcome === 'success') return `${who} ${what}`
  const reason = str(detail.reason) ?? (num(detail.code) ? CODE_WORDS[num(detail.code)!] : null)
  return `${who} was refused: ${what.replace(/^changed/, 'change')}${reason ? ` (${reason})` : ''}`
}

// Staff actions by their audit name, as what the actor did.
const ACTS: Record<string, string> = {
  'user.created': 'created the account',
  'user.invited': 'invited the user',
  'user.locked': 'locked the account',
  'user.unlocked': 'unlocked the account',
  'user.disabled': 'disabled the account',
  'user.enabled': 'enabled the account',
  'user.reset_link': 'sent a password reset link',
  'user.password_change_required': 'required a password change',
  'user.require_password_change': 'required a password change',
  'user.passkeys_removed': 'removed the passkeys',
  // The names the server records (server/repos/audit.ts AuditAction).
  'account.disabled': 'disabled the account',
  'account.enabled': 'enabled the account',
  'user.must_change_password': 'required a password change',
  'user.mfa_off': 'turned off two-factor',
  'user.sessions_revoked': 'revoked all sessions',
  'session.revoked': 'revoked a session',
}

/** The event as one sentence (without its time). */
export function timelineText(event: AuditEvent): string {
  const detail: Detail = event.detail ?? {}
  const who = personName(event.actor)
  const failed = event.outcome !== 'success'
  switch (event.action) {
    case 'login':
    case 'login.verify':
      return failed ? refusedSignIn(event, detail) : signedIn(event, detail)
    case 'login.code_sent':
      return 'A security code was sent'
    case 'logout':
      return 'Signed out'
    case 'session.expired':
      return 'The session expired'
    case 'account.locked':
      return event.actor
        ? `${who} locked the account`
        : `The account was locked${failedAttempts(detail)}`
    case 'account.locked_temporarily':
      return `The account was locked for a while${failedAttempts(detail)}`
    case 'account.unlocked':
      return event.actor ? `${who} unlocked the account` : 'The account was unlocked'
    case 'password.reset_requested':
      return failed ? 'A password reset was refused' : 'A password reset email was requested'
    case 'password.reset_link':
      return failed ? 'A password reset link was refused' : 'A password reset link was opened'
    case 'password.reset':
      return failed ? 'A password reset failed' : 'The password was reset'
    case 'user.password':
      return failed
        ? `A password change was refused${num(detail.code) ? `: ${CODE_WORDS[num(detail.code)!] ?? 'not allowed'}` : ''}`
        : 'The password was changed'
    case 'user.updated':
    case 'user.access':
      return staffChange(event, detail, who)
    case 'user.created':
      return detail.invited ? `${who} invited the user` : `${who} created the account`
    case 'user.email_verified': {
      if (failed) return 'An email confirmation link was refused'
      const to = str((detail.changes as Record<string, Change> | undefined)?.email?.after)
      return `The new email address${to ? ` ${to}` : ''} was confirmed by its owner`
    }
    case 'user.email_pending': {
      const to = str((detail.changes as Record<string, Change> | undefined)?.pendingEmail?.after)
      return `${who} asked to move the email${to ? ` to ${to}` : ''}; waiting for its owner to confirm`
    }
  }
  const act = ACTS[event.action]
  if (act) {
    if (!failed) return `${who} ${act}`
    return `${who} was refused: ${act}${str(detail.reason) ? ` (${str(detail.reason)})` : ''}`
  }
  // An action this console does not know yet: its name in words, and how it ended.
  const words = event.action.replace(/[._]/g, ' ')
  return `${event.actor ? `${who}: ` : ''}${words}${failed ? ` (${event.outcome})` : ''}`
}

/** '3 days ago', 'just now': when an event happened, roughly (the exact time is in its title). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  const steps: [number, string][] = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ]
  for (const [size, unit] of steps) {
    const n = Math.floor(seconds / size)
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`
  }
  return 'just now'
}
