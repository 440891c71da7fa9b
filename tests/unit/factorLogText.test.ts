import { describe, expect, it } from 'vitest'
import { type LogTextEvent, logText } from '../../schema/audit-text'

const ada = {
  id: '01900000-0000-7000-8000-000000000001',
  email: 'ada@example.com',
  nameFirst: 'Ada',
  nameLast: 'Lovelace',
}
const admin = {
  id: '01900000-0000-7000-8000-000000000002',
  email: 'admin@example.com',
  nameFirst: 'Grace',
  nameLast: 'Hopper',
  type: 'INTERNAL' as const,
}

const event = (changes: Partial<LogTextEvent>): LogTextEvent => ({
  id: '01900000-0000-7000-8000-00000000000a',
  at: '2026-11-28T10:00:00.000Z',
  action: 'login',
  outcome: 'success',
  ip: '198.51.100.7',
  userAgent: null,
  actor: null,
  subject: ada,
  service: null,
  detail: null,
  ...changes,
})

// The second factors' events read as sentences, not as their action names (issue 30).
describe('Logs on second factors', () => {
  it.each([
    [
      { action: 'user.factor_enrolled', actor: ada, detail: { factor: 'authenticator' } },
      'Ada Lovelace set up an authenticator app',
    ],
    [
      {
        action: 'user.factor_enrolled',
        outcome: 'failure' as const,
        actor: ada,
        detail: { factor: 'authenticator', reason: 'wrong code' },
      },
      'Ada Lovelace could not set up an authenticator app: wrong code',
    ],
    [
      { action: 'user.factor_removed', actor: ada, detail: { factor: 'authenticator' } },
      'Ada Lovelace removed the authenticator app',
    ],
    [
      { action: 'user.factor_removed', actor: admin, detail: { factor: 'authenticator' } },
      'admin@example.com removed the authenticator app of Ada Lovelace',
    ],
    [
      { action: 'user.recovery_codes', detail: { count: 10 } },
      'Ada Lovelace got 10 recovery codes',
    ],
    [
      { action: 'user.recovery_code_used', detail: { left: 9 } },
      'Ada Lovelace signed in with a recovery code (9 left)',
    ],
    [
      { action: 'user.factors_reset', actor: admin },
      'admin@example.com reset the second factors of Ada Lovelace',
    ],
    [
      { action: 'mfa.policy_changed', actor: admin, subject: null, detail: { type: 'INTERNAL' } },
      'admin@example.com changed the second-factor policy for internal users',
    ],
  ] as const)('%o reads %s', (changes, text) => {
    expect(logText(event(changes as Partial<LogTextEvent>))).toBe(text)
  })
})
