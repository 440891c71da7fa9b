import { describe, expect, it } from 'vitest'
import { greeting, previousSignInText } from '../../src/areas/shell/views/home/homeText'

describe('home text', () => {
  it('greets by time of day', () => {
    expect(greeting('Ada', new Date(2025, 0, 1, 8, 0))).toBe('Good morning, Ada')
    expect(greeting('Ada', new Date(2025, 0, 1, 12, 0))).toBe('Good afternoon, Ada')
    expect(greeting('Ada', new Date(2025, 0, 1, 18, 0))).toBe('Good evening, Ada')
    expect(greeting('  ', new Date(2025, 0, 1, 23, 59))).toBe('Good evening')
  })

  it('tells the previous sign-in in local time, or that this is the first', () => {
    const at = new Date(2025, 10, 20, 14, 5).toISOString()
    expect(previousSignInText({ at, ip: '203.0.113.7' })).toBe(
      'Last signed in Nov 20, 2025 02:05 PM from 203.0.113.7',
    )
    expect(previousSignInText(null)).toBe('This is your first sign-in.')
  })
})
