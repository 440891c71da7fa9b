import type { AuditEvent, AuditPerson } from './users'
import { summarizeUserAgent } from './user-agent'

/*
 * Audit events as sentences. `timelineText` (the Users detail's Timeline) speaks about one user, so
 * it leaves the user out; `logText` (the Logs screen, and the server's CSV export) names everyone.
 *
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
  'locked for a while': 'account locked for a while',
  'session signed out': 'the session was signed out after too many wrong passwords',
}

const FIELD_WORDS: Record<string, string> = {
  roles: 'roles',
  groups: 'groups',
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
  return viaToken(event.detail, timelineSentence(event))
}

function timelineSentence(event: AuditEvent): string {
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
    case 'session.revoked':
      if (detail.reason === 'wrong passwords')
        return 'A session was signed out after too many wrong passwords'
      return event.actor ? `${who} ${ACTS['session.revoked']}` : 'A session was ended'
    case 'account.locked':
      return event.actor
        ? `${who} locked the account`
        : `The account was locked${failedAttempts(detail)}`
    case 'account.locked_temporarily':
      return detail.device === 'known'
        ? `One known browser was locked for a while${failedAttempts(detail)}`
        : `The account was locked for a while${failedAttempts(detail)}`
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
    case 'user.roles':
    case 'user.groups':
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

// ---------------------------------------------------------------------------------------------
// Logs: every event, naming who did it, whom it was about and which service.

/** An event as Logs has it: the timeline's, with its subject and service. */
export type LogTextEvent = AuditEvent & {
  subject: AuditPerson | null
  service: { id: string; key: string | null; name: string | null } | null
}

/** A person as Logs names them: their name, else their email, else "a removed user (id…)". */
export function logPerson(person: AuditPerson | null, fallback = 'someone'): string {
  if (!person) return fallback
  const name = [person.nameFirst, person.nameLast].filter(Boolean).join(' ')
  return name || person.email || `a removed user (${person.id.slice(0, 8)}…)`
}

/** Staff actors by email (as the console names them elsewhere), else as logPerson. */
const staffName = (person: AuditPerson | null) => person?.email ?? logPerson(person, 'Someone')

const SERVICE_FIELD_WORDS: Record<string, string> = {
  name: 'name',
  key: 'key',
  description: 'description',
  url: 'URL',
  accessTokenTimeout: 'access token timeout',
  refreshTokenTimeout: 'refresh token timeout',
}
const SERVICE_UNITS: Record<string, [string, string]> = {
  accessTokenTimeout: ['hour', 'hours'],
  refreshTokenTimeout: ['day', 'days'],
}

function serviceName(event: LogTextEvent, detail: Detail): string {
  return (
    event.service?.name ??
    str(detail.name) ??
    str(detail.serviceKey) ??
    str(detail.key) ??
    (event.service ? `a removed service (${event.service.id.slice(0, 8)}…)` : 'a service')
  )
}

/** "the refresh token timeout of Alpha Desk from 30 to 45 days". */
function serviceChange(field: string, from: unknown, to: unknown, name: string): string {
  const unit = SERVICE_UNITS[field]
  const words = SERVICE_FIELD_WORDS[field] ?? field
  const value = (v: unknown) => (v === '' || v === null || v === undefined ? 'none' : shown(v))
  return `the ${words} of ${name} from ${value(from)} to ${value(to)}${unit ? ` ${unit[to === 1 ? 0 : 1]}` : ''}`
}

/** A webhook endpoint's change in words: "turned it off", "the events from * to user.created". */
function webhookChange(field: string, change: Change): string {
  if (field === 'enabled') return change.after ? 'turned it on' : 'turned it off'
  const words = field === 'url' ? 'URL' : field
  return `the ${words} from ${shown(change.before)} to ${shown(change.after)}`
}

/** Why a sign-in step did not succeed, in words. */
export function failureReason(event: AuditEvent): string | null {
  const detail: Detail = event.detail ?? {}
  if (event.outcome === 'success') return null
  const reason = str(detail.reason)
  const code = num(detail.code)
  if (reason === 'locked') return 'account locked'
  if (reason === 'locked for a while') return 'account locked for a while'
  if (reason === 'disabled') return 'account disabled'
  if (reason === 'bad link') return 'the link did not work'
  if (reason) return REASON_WORDS[reason] ?? reason
  if (code !== undefined) return CODE_WORDS[code] ?? `error ${code}`
  if (event.action === 'login') return 'wrong password'
  if (event.action === 'login.verify') return 'wrong security code'
  return null
}

function device(event: AuditEvent): string {
  return event.userAgent ? ` (${summarizeUserAgent(event.userAgent)})` : ''
}

function ownChange(event: LogTextEvent, detail: Detail, actor: string, subject: string): string {
  const self = event.actor?.id !== undefined && event.actor.id === event.subject?.id
  const of = self ? '' : ` of ${subject}`
  const changes = changesOf(detail)
  const field = str(detail.field)
  if (field === 'visage' && !changes.length)
    return `${actor} ${str(detail.change) === 'deleted' ? 'removed' : 'changed'} the picture${of}`
  const parts = changes.length
    ? changes.map(([name, change]) =>
        changeText(name, change).replace(/^changed the (.+?) from/, `changed the $1${of} from`),
      )
    : [`changed the ${field ? (FIELD_WORDS[field] ?? field) : 'account'}${of}`]
  const what = listed(parts)
  const pronounFixed =
    changes.some(([name]) =>
      ['permissions', 'use2FA', 'mustChangePassword', 'locked', 'disabled'].includes(name),
    ) && !self
      ? `${what} (${subject})`
      : what
  if (event.outcome === 'success') return `${actor} ${pronounFixed}`
  const reason = failureReason(event)
  return `${actor} was refused: ${pronounFixed.replace(/^changed/, 'change')}${reason ? ` (${reason})` : ''}`
}

function oidcText(event: LogTextEvent, detail: Detail, subject: string): string {
  const service = serviceName(event, detail)
  const failed = event.outcome !== 'success'
  const texts: Record<string, [string, string]> = {
    'oidc.authorize': [
      `${subject} signed in to ${service}`,
      `Sign-in to ${service} ${event.outcome === 'refused' ? 'refused' : 'failed'} for ${subject}`,
    ],
    'oidc.token': [
      `${service} received tokens for ${subject}`,
      `${service} was refused tokens for ${subject}`,
    ],
    'oidc.refresh': [
      `${service} refreshed the tokens of ${subject}`,
      `${service} could not refresh the tokens of ${subject}`,
    ],
    'oidc.logout': [
      `${subject} signed out of ${service}`,
      `Sign-out of ${service} failed for ${subject}`,
    ],
    'oidc.backchannel_logout': [
      `${service} was told that ${subject} signed out`,
      `${service} could not be told that ${subject} signed out`,
    ],
    'oidc.consent': [`${subject} consented to ${service}`, `${subject} declined ${service}`],
  }
  const [ok, bad] = texts[event.action] ?? [
    `${subject}: ${event.action} (${service})`,
    `${subject}: ${event.action} failed (${service})`,
  ]
  if (!failed) return ok
  const reason = failureReason(event)
  return `${bad}${reason ? `: ${reason}` : ''}`
}

/**
 * The event as one sentence for Logs (without its time), naming everyone: "Ada Lovelace signed in
 * from 10.0.0.7 (Chrome on macOS)", "admin@example.com changed the refresh token timeout of Alpha
 * Desk from 30 to 45 days", "Sign-in refused for bob@example.com: account locked".
 */
export function logText(event: LogTextEvent): string {
  return viaToken(event.detail, eventSentence(event))
}

/** What a script did with an API token says so (docs/access.md). */
function viaToken(detail: Detail | null | undefined, sentence: string): string {
  const via = detail?.via as { tokenName?: unknown } | undefined
  return via && typeof via.tokenName === 'string'
    ? `${sentence} (${detail?.source === 'scim' ? 'through SCIM, ' : ''}with the API token ${via.tokenName})`
    : sentence
}

function eventSentence(event: LogTextEvent): string {
  const detail: Detail = event.detail ?? {}
  const actor = staffName(event.actor)
  const subject = event.subject
    ? (event.subject.email ?? logPerson(event.subject))
    : (str(detail.username) ?? str(detail.email) ?? 'an unknown user')
  const subjectName = event.subject ? logPerson(event.subject) : subject
  const failed = event.outcome !== 'success'
  const reason = failureReason(event)
  const because = reason ? `: ${reason}` : ''
  const from = event.ip ? ` from ${event.ip}` : ''
  if (event.action.startsWith('oidc.')) return oidcText(event, detail, subjectName)
  switch (event.action) {
    case 'login':
    case 'login.verify': {
      if (!failed) {
        const how =
          detail.method === 'passkey'
            ? ' with a passkey'
            : event.action === 'login.verify'
              ? ' with a security code'
              : ''
        return `${subjectName} signed in${how}${from}${device(event)}`
      }
      const step = event.action === 'login.verify' ? 'Security code' : 'Sign-in'
      const whom = event.subject || detail.username ? ` for ${subject}` : ''
      return `${step} ${event.outcome === 'refused' ? 'refused' : 'failed'}${whom}${from}${because}`
    }
    case 'login.code_sent':
      return `A security code was sent by text message to ${subjectName}`
    case 'logout':
      return `${subjectName} signed out${from}`
    case 'session.expired': {
      const count = num(detail.count) ?? 0
      return `${count} expired session${count === 1 ? ' was' : 's were'} purged`
    }
    case 'session.revoked':
      if (detail.reason === 'wrong passwords')
        return `A session of ${subjectName} was signed out after too many wrong passwords`
      return event.actor && event.actor.id === event.subject?.id
        ? `${subjectName} ended one of their sessions`
        : `${actor} ended a session of ${subject}`
    case 'user.sessions_revoked': {
      const count = num(detail.count) ?? num(detail.sessionsEnded)
      return `${actor} ended every session of ${subject}${count !== undefined ? ` (${count})` : ''}`
    }
    case 'account.locked':
      return event.actor
        ? `${actor} locked the account of ${subject}`
        : `The account of ${subject} was locked${failedAttempts(detail)}`
    case 'account.locked_temporarily':
      return detail.device === 'known'
        ? `A known browser of ${subject} was locked for a while${failedAttempts(detail)}`
        : `The account of ${subject} was locked for a while${failedAttempts(detail)}`
    case 'account.unlocked':
      return event.actor
        ? `${actor} unlocked the account of ${subject}`
        : `The account of ${subject} was unlocked`
    case 'account.disabled':
    case 'account.enabled':
      return `${actor} ${event.action === 'account.disabled' ? 'disabled' : 'enabled'} the account of ${subject}`
    case 'password.reset_requested':
      return failed
        ? `A password reset for ${subject} was refused${because}`
        : `A password reset email was requested for ${subject}${from}`
    case 'password.reset_link':
      return failed
        ? `A password reset link was refused${from}${because}`
        : `A password reset link was opened by ${subject}`
    case 'password.reset':
      return failed
        ? `A password reset failed for ${subject}${because}`
        : `${subjectName} reset their password${from}`
    case 'user.password':
      return failed
        ? `A password change by ${subjectName} was refused${because}`
        : `${subjectName} changed their password`
    case 'user.reset_link':
      return `${actor} sent a password reset link to ${subject}`
    case 'user.must_change_password':
      return `${actor} required ${subject} to change their password`
    case 'user.passkeys_removed': {
      const removed = num(detail.removed)
      return `${actor} removed ${removed ?? 'the'} passkey${removed === 1 ? '' : 's'} of ${subject}`
    }
    case 'user.created':
      if (detail.reason === 'first start')
        return `The administrator ${subject} was created at first start`
      return detail.invited
        ? `${actor} invited ${subject}`
        : `${actor} created the account of ${subject}`
    case 'user.updated':
    case 'user.access':
      return ownChange(
        event,
        detail,
        event.actor?.id === event.subject?.id ? subjectName : actor,
        subject,
      )
    case 'user.email_pending': {
      const to = str((detail.changes as Record<string, Change> | undefined)?.pendingEmail?.after)
      return `${actor} asked to move the email of ${subjectName}${to ? ` to ${to}` : ''}; waiting for its owner to confirm`
    }
    case 'user.email_verified': {
      if (failed) return `An email confirmation link was refused${from}`
      const to = str((detail.changes as Record<string, Change> | undefined)?.email?.after)
      return `${subjectName} confirmed the new email address${to ? ` ${to}` : ''}`
    }
    case 'service.created':
      return `${actor} created the service ${serviceName(event, detail)}${str(detail.key) ? ` (${str(detail.key)})` : ''}`
    case 'service.updated': {
      const name = serviceName(event, detail)
      const field = str(detail.field) ?? 'settings'
      if (field === 'logo')
        return `${actor} ${detail.change === 'removed' ? 'removed the logo of' : 'uploaded a new logo for'} ${name}`
      return `${actor} changed ${serviceChange(field, detail.from, detail.to, name)}`
    }
    case 'service.deleted':
      return `${actor} deleted the service ${serviceName(event, detail)}`
    case 'service.restored':
      return `${actor} restored the service ${serviceName(event, detail)}`
    case 'attribute.saved': {
      const entity = str(detail.entity) ?? 'record'
      const change = str(detail.change) ?? 'saved'
      const fields = Array.isArray(detail.fields)
        ? ` (${detail.fields.map(String).join(', ')})`
        : ''
      return `${actor} ${change} ${entity} ${str(detail.id) ?? ''}${fields}`.trim()
    }
    case 'attribute.removed':
      return `${actor} removed the ${str(detail.entity) ?? 'link'} ${str(detail.id) ?? ''}`.trim()
    case 'attribute.reordered': {
      const n = Array.isArray(detail.ids) ? detail.ids.length : undefined
      return `${actor} reordered ${n ?? 'the'} attribute link${n === 1 ? '' : 's'}`
    }
    case 'attribute.imported':
      return `${actor} imported an attribute tree (${num(detail.keys) ?? 0} keys, ${num(detail.items) ?? 0} items)`
    case 'attribute.image_uploaded':
      return `${actor} uploaded the image ${str(detail.filename) ?? str(detail.path) ?? ''}`.trim()
    case 'audit.purged': {
      const count = num(detail.count) ?? 0
      return `Retention removed ${count} event${count === 1 ? '' : 's'} older than ${num(detail.days) ?? '?'} days`
    }
    // Second factors (issue 28): the person's own steps, staff's reset and the policy.
    case 'user.factor_enrolled': {
      const factor =
        str(detail.factor) === 'authenticator' ? 'an authenticator app' : 'a second factor'
      return failed
        ? `${subjectName} could not set up ${factor}${because}`
        : `${subjectName} set up ${factor}`
    }
    case 'user.factor_removed': {
      const factor =
        str(detail.factor) === 'authenticator' ? 'the authenticator app' : 'a second factor'
      const byStaff = event.actor !== null && event.actor.id !== event.subject?.id
      return byStaff
        ? `${actor} removed ${factor} of ${subjectName}`
        : `${subjectName} removed ${factor}`
    }
    case 'user.recovery_codes': {
      const count = num(detail.count)
      return `${subjectName} got ${count === undefined ? 'new' : count} recovery codes`
    }
    case 'user.recovery_code_used': {
      const left = num(detail.left)
      return `${subjectName} signed in with a recovery code${left === undefined ? '' : ` (${left} left)`}`
    }
    case 'user.factors_reset':
      return `${actor} reset the second factors of ${subjectName}`
    case 'mfa.policy_changed': {
      const who =
        str(detail.type) === 'INTERNAL'
          ? 'internal'
          : str(detail.type) === 'EXTERNAL'
            ? 'external'
            : ''
      return `${actor} changed the second-factor policy${who ? ` for ${who} users` : ''}`
    }
    // The access model (issue 31): roles, groups, a user's roles and groups, API tokens.
    case 'role.created':
    case 'role.updated':
    case 'role.deleted':
    case 'group.created':
    case 'group.updated':
    case 'group.deleted': {
      const [thing, verb] = event.action.split('.') as [string, string]
      const name = str(detail.name) ?? ''
      const changes = changesOf(detail).filter(([field]) => field !== 'name' || verb === 'updated')
      const what =
        verb === 'updated' && changes.length
          ? `: ${listed(changes.map(([field, change]) => changeText(field, change)))}`
          : ''
      const held =
        verb === 'deleted' && num(detail.holders) ? ` (held by ${num(detail.holders)})` : ''
      const members =
        verb === 'deleted' && num(detail.members) ? ` (${num(detail.members)} members)` : ''
      return `${actor} ${verb} the ${thing} ${name}${what}${held}${members}`
    }
    case 'group.members_added':
    case 'group.members_removed': {
      const count = num(detail.users) ?? 0
      const who = event.subject ? subjectName : `${count} user${count === 1 ? '' : 's'}`
      return event.action === 'group.members_added'
        ? `${actor} added ${who} to the group ${str(detail.name) ?? ''}`
        : `${actor} removed ${who} from the group ${str(detail.name) ?? ''}`
    }
    case 'user.roles':
    case 'user.groups': {
      const changes = changesOf(detail)
      const what = changes.length
        ? listed(changes.map(([field, change]) => changeText(field, change)))
        : 'changed the access'
      return `${actor} ${what} of ${subjectName}`
    }
    case 'token.created':
      return `${actor} created the API token ${str(detail.name) ?? ''}`.trim()
    case 'token.revoked':
      return `${actor} revoked the API token ${str(detail.name) ?? ''}`.trim()
    case 'factor.key_rotated':
      return `The key that seals second-factor secrets was rotated${num(detail.resealed) === undefined ? '' : ` (${num(detail.resealed)} resealed)`}`
    // Webhooks (issue 33): detail {endpointId, url, …}.
    case 'webhook.created':
      return `${actor} added the webhook endpoint ${str(detail.url) ?? ''}`.trim()
    case 'webhook.updated': {
      const changes = changesOf(detail)
      const what = changes.length
        ? `: ${listed(changes.map(([field, change]) => webhookChange(field, change)))}`
        : ''
      return `${actor} changed the webhook endpoint ${str(detail.url) ?? ''}${what}`
    }
    case 'webhook.deleted':
      return `${actor} deleted the webhook endpoint ${str(detail.url) ?? ''}`.trim()
    case 'webhook.rotated':
      return `${actor} rotated the secret of the webhook endpoint ${str(detail.url) ?? ''}`.trim()
    case 'webhook.replayed':
      return `${actor} replayed ${str(detail.eventType) ?? 'an event'} to the webhook endpoint ${str(detail.url) ?? ''}`.trim()
    case 'webhook.disabled':
      return `The webhook endpoint ${str(detail.url) ?? ''} was turned off after failing for a day`
    case 'queue.retry':
    case 'queue.cancel': {
      const verb = event.action === 'queue.retry' ? 'retried' : 'cancelled'
      const channel =
        detail.channel === 'sms'
          ? 'text message'
          : detail.channel === 'webhook'
            ? 'webhook delivery'
            : 'email'
      const to = str(detail.to)
      return `${actor} ${verb} the ${channel}${to ? ` to ${to}` : ''}${failed ? ` (${event.outcome}${because})` : ''}`
    }
  }
  const words = event.action.replace(/[._]/g, ' ')
  return `${event.actor ? `${actor}: ` : ''}${words}${event.subject ? ` (${subject})` : ''}${failed ? ` (${event.outcome}${because})` : ''}`
}
