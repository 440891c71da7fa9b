import { describe, expect, it } from 'vitest'
import { counted, greeting, previousSignInText } from '../../src/areas/shell/views/home/homeText'

const ada = { nameFirst: 'Ada', nameLast: 'Lovelace' }

describe('home text', () => {
  it('greets by time of day', () => {
    expect(greeting(ada, new Date(2025, 0, 1, 8, 0))).toBe('Good morning, Ada')
    expect(greeting(ada, new Date(2025, 0, 1, 12, 0))).toBe('Good afternoon, Ada')
    expect(greeting(ada, new Date(2025, 0, 1, 18, 0))).toBe('Good evening, Ada')
    expect(greeting({ nameFirst: '  ', nameLast: 'X' }, new Date(2025, 0, 1, 23, 59))).toBe(
      'Good evening',
    )
  })

  it("does not greet the first administrator's placeholder name as a person", () => {
    const first = { nameFirst: 'Gatehouse', nameLast: 'Administrator' }
    expect(greeting(first, new Date(2025, 0, 1, 14, 0))).toBe('Good afternoon')
    // Someone who is really called Gatehouse is greeted.
    expect(
      greeting({ nameFirst: 'Gatehouse', nameLast: 'Smith' }, new Date(2025, 0, 1, 14, 0)),
    ).toBe('Good afternoon, Gatehouse')
  })

  it("tells the previous sign-in in SPEC.md's format, or that this is the first", () => {
    const at = '2025-11-20T14:05:00.000Z'
    expect(previousSignInText({ at, ip: '203.0.113.7' }, 'UTC')).toBe(
      'Last signed in Nov 20, 2025 02:05 PM UTC from 203.0.113.7',
    )
    expect(previousSignInText(null)).toBe('This is your first sign-in.')
  })

  it('counts with thousands separators', () => {
    expect(counted(1, 'locked account', 'locked accounts')).toBe('1 locked account')
    expect(counted(1204, 'locked account', 'locked accounts')).toBe('1,204 locked accounts')
  })
})
