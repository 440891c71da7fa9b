import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS, isCommonPassword } from '../../schema/common-passwords'
import { MESSAGES } from '../../schema/rules'
import {
  COMMON_PASSWORD_FAILURE,
  passwordPolicyFailures,
  validateNewPassword,
} from '../../schema/new-password'

describe('common passwords', () => {
  it('holds lowercased entries of 8 to 64 characters, without duplicates', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(3000)
    for (const entry of COMMON_PASSWORDS) {
      expect(entry.length).toBeGreaterThanOrEqual(8)
      expect(entry.length).toBeLessThanOrEqual(64)
      expect(entry).toBe(entry.toLowerCase())
    }
  })

  it('matches ignoring case, and only whole passwords', () => {
    expect(isCommonPassword('password')).toBe(true)
    expect(isCommonPassword('P@SSW0RD')).toBe(true)
    expect(isCommonPassword('Password1')).toBe(true)
    expect(isCommonPassword('P@ssw0rd-of-mine')).toBe(false)
    expect(isCommonPassword('Tr0ub4dor&3x')).toBe(false)
  })
})

describe('passwordPolicyFailures', () => {
  it('names a common password among the rules broken', () => {
    expect(passwordPolicyFailures('P@ssw0rd')).toEqual([COMMON_PASSWORD_FAILURE])
    expect(passwordPolicyFailures('password1')).toEqual([
      'an uppercase letter',
      'a special character',
      COMMON_PASSWORD_FAILURE,
    ])
    expect(passwordPolicyFailures('Uncommon#2026x')).toEqual([])
  })
})

describe('validateNewPassword', () => {
  it('keeps the SPEC messages and their order', () => {
    expect(validateNewPassword('')).toBe(MESSAGES.required)
    expect(validateNewPassword('Ab#1')).toBe('Must be at least 8 characters')
    expect(validateNewPassword(`Ab#1${'x'.repeat(61)}`)).toBe('Must be under 64 characters')
    expect(validateNewPassword('password1')).toBe(
      'Password must be at least 8 characters, containing at least one lowercase letter, one uppercase letter, one number, and one special character.',
    )
    expect(validateNewPassword('Uncommon#2026x')).toBeUndefined()
  })

  it('refuses a common password that meets every other rule', () => {
    expect(validateNewPassword('P@ssw0rd')).toBe(
      'This password is too common. Choose one that is harder to guess.',
    )
  })
})
