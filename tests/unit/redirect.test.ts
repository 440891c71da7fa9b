import { describe, expect, it } from 'vitest'
import { safeRedirect, validateRedirectSearch } from '../../src/routes/-redirect'

describe('redirect after sign-in', () => {
  it('follows paths on this origin', () => {
    expect(safeRedirect('/sessions')).toBe('/sessions')
    expect(safeRedirect('/services/42?tab=logo')).toBe('/services/42?tab=logo')
  })

  it('goes home for anything else', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'sessions',
      '',
      undefined,
      42,
    ]) {
      expect(safeRedirect(target)).toBe('/home')
    }
  })

  it('never returns to the login or the logout', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/home')
    expect(safeRedirect('/logout')).toBe('/home')
    expect(safeRedirect('/logs')).toBe('/logs')
  })

  it('keeps only a string redirect in the search', () => {
    expect(validateRedirectSearch({ redirect: '/logs', other: 1 })).toEqual({ redirect: '/logs' })
    expect(validateRedirectSearch({ redirect: 5 })).toEqual({})
  })
})
