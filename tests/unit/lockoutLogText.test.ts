import { describe, expect, it } from 'vitest'
import { failureReason, type LogTextEvent, logText } from '../../schema/audit-text'

const owner = { id: '01900000-0000-7000-8000-000000000001', email: 'ada@example.com' }

const event = (changes: Partial<LogTextEvent>): LogTextEvent => ({
  id: '01900000-0000-7000-8000-00000000000a',
  at: '2026-11-28T10:00:00.000Z',
  action: 'login',
  outcome: 'failure',
  ip: '198.51.100.7',
  userAgent: null,
  actor: null,
  subject: { ...owner, nameFirst: 'Ada', nameLast: 'Lovelace' },
  service: null,
  detail: null,
  ...changes,
})

// The sign-in defences' events as Logs reads them (docs/server-security.md).
describe('Logs on the sign-in defences', () => {
  it.each([
    [
      {
        action: 'account.locked_temporarily',
        outcome: 'success' as const,
        detail: { device: 'unknown', failedAttempts: 10 },
      },
      'The account of ada@example.com was locked for a while after 10 failed sign-ins',
    ],
    [
      {
        action: 'account.locked_temporarily',
        outcome: 'success' as const,
        detail: { device: 'known', failedAttempts: 10 },
      },
      'A known browser of ada@example.com was locked for a while after 10 failed sign-ins',
    ],
    [
      {
        action: 'session.revoked',
        outcome: 'success' as const,
        detail: { reason: 'wrong passwords' },
      },
      'A session of Ada Lovelace was signed out after too many wrong passwords',
    ],
    [
      { outcome: 'refused' as const, detail: { reason: 'locked for a while', device: 'unknown' } },
      'Sign-in refused for ada@example.com from 198.51.100.7: account locked for a while',
    ],
  ])('%#: %s', (changes, text) => {
    expect(logText(event(changes))).toBe(text)
  })

  it('names the reason a re-check was refused', () => {
    const refused = event({
      action: 'user.updated',
      outcome: 'refused',
      detail: { reason: 'session signed out' },
    })
    expect(failureReason(refused)).toBe('the session was signed out after too many wrong passwords')
  })
})
