import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '../../../schema/users'
import { changeText, timelineText } from '../../../src/areas/users/views/detail/timelineText'

const admin = { id: 'a1', nameFirst: 'Ada', nameLast: 'Lovelace', email: 'admin@example.com' }
const event = (changes: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  at: '2026-03-01T10:00:00.000Z',
  action: 'login',
  outcome: 'success',
  actor: null,
  ip: '10.0.0.7',
  userAgent: null,
  detail: null,
  ...changes,
})

describe('a timeline event as a sentence', () => {
  it.each([
    [{}, 'Signed in from 10.0.0.7'],
    [{ action: 'login.verify' }, 'Signed in with a security code from 10.0.0.7'],
    [{ detail: { method: 'passkey' } }, 'Signed in with a passkey from 10.0.0.7'],
    [{ outcome: 'failure', detail: { failedAttempts: 2 } }, 'Sign-in refused: wrong password'],
    [{ outcome: 'failure', detail: { code: 808 } }, 'Sign-in refused: the account is disabled'],
    [
      { outcome: 'failure', detail: { reason: 'address throttled' } },
      'Sign-in refused: too many attempts from this address',
    ],
    [{ action: 'login.verify', outcome: 'failure' }, 'Sign-in refused: wrong security code'],
    [
      { action: 'account.locked', detail: { failedAttempts: 5 } },
      'The account was locked after 5 failed sign-ins',
    ],
    [{ action: 'account.locked', actor: admin }, 'admin@example.com locked the account'],
    [
      { action: 'account.locked_temporarily', detail: { failedAttempts: 3 } },
      'The account was locked for a while after 3 failed sign-ins',
    ],
    [
      { action: 'account.locked_temporarily', detail: { failedAttempts: 3, device: 'known' } },
      'One known browser was locked for a while after 3 failed sign-ins',
    ],
    [
      { action: 'session.revoked', detail: { reason: 'wrong passwords' } },
      'A session was signed out after too many wrong passwords',
    ],
    [
      { outcome: 'refused', detail: { reason: 'locked for a while' } },
      'Sign-in refused: account locked for a while',
    ],
    [{ action: 'account.unlocked', actor: admin }, 'admin@example.com unlocked the account'],
    [{ action: 'account.unlocked' }, 'The account was unlocked'],
    [{ action: 'password.reset_requested' }, 'A password reset email was requested'],
    [{ action: 'password.reset' }, 'The password was reset'],
    [
      {
        action: 'user.updated',
        actor: admin,
        detail: { changes: { email: { before: 'a@x', after: 'b@x' } } },
      },
      'admin@example.com changed the email from a@x to b@x',
    ],
    [
      {
        action: 'user.access',
        actor: admin,
        detail: {
          changes: {
            type: { before: 'EXTERNAL', after: 'INTERNAL' },
            permissions: { before: ['logs.read'], after: ['users.read'] },
          },
        },
      },
      'admin@example.com changed the type from External to Internal and gave users.read and took away logs.read',
    ],
    [
      { action: 'user.updated', actor: admin, detail: { field: 'name' } },
      'admin@example.com changed the name',
    ],
    [{ action: 'user.locked', actor: admin }, 'admin@example.com locked the account'],
    [{ action: 'user.sessions_revoked', actor: admin }, 'admin@example.com revoked all sessions'],
    [{ action: 'something.new', actor: admin }, 'admin@example.com: something new'],
  ] as [Partial<AuditEvent>, string][])('%j reads “%s”', (changes, sentence) => {
    expect(timelineText(event(changes))).toBe(sentence)
  })

  it('names an actor without an email by name, and a removed one as Someone', () => {
    const named = { ...admin, email: null }
    expect(timelineText(event({ action: 'user.locked', actor: named }))).toBe(
      'Ada Lovelace locked the account',
    )
    const gone = { id: 'x', nameFirst: null, nameLast: null, email: null }
    expect(timelineText(event({ action: 'user.locked', actor: gone }))).toBe(
      'Someone locked the account',
    )
  })

  it('reads the changes of booleans and empty values', () => {
    expect(changeText('use2FA', { before: true, after: false })).toBe('turned off two-factor')
    expect(changeText('phone', { before: null, after: '5551234567' })).toBe(
      'changed the phone from none to 5551234567',
    )
    expect(changeText('mustChangePassword', { before: false, after: true })).toBe(
      'required a password change',
    )
  })

  it('reads the actions the server records for staff changes', () => {
    const staff = { actor: admin }
    expect(timelineText(event({ ...staff, action: 'account.disabled' }))).toBe(
      'admin@example.com disabled the account',
    )
    expect(timelineText(event({ ...staff, action: 'user.must_change_password' }))).toBe(
      'admin@example.com required a password change',
    )
    expect(
      timelineText(event({ ...staff, action: 'user.created', detail: { invited: true } })),
    ).toBe('admin@example.com invited the user')
    const pending = { changes: { pendingEmail: { before: null, after: 'new@example.com' } } }
    expect(timelineText(event({ ...staff, action: 'user.email_pending', detail: pending }))).toBe(
      'admin@example.com asked to move the email to new@example.com; waiting for its owner to confirm',
    )
    const confirmed = {
      changes: { email: { before: 'old@example.com', after: 'new@example.com' } },
    }
    expect(timelineText(event({ action: 'user.email_verified', detail: confirmed }))).toBe(
      'The new email address new@example.com was confirmed by its owner',
    )
  })
})
