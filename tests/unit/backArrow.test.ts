import { describe, expect, it } from 'vitest'
import { backAction } from '../../src/kit/views/page/backArrow'

describe('backAction', () => {
  it('shows nothing on top-level screens', () => {
    for (const pathname of ['/', '/home', '/services', '/services/'])
      expect(backAction({ pathname, small: false, inAppHistory: true })).toEqual({ kind: 'none' })
  })

  it('goes up one segment on small screens, history or not', () => {
    expect(backAction({ pathname: '/services/abc', small: true, inAppHistory: true })).toEqual({
      kind: 'up',
      to: '/services',
    })
    expect(backAction({ pathname: '/users/a/b', small: true, inAppHistory: false })).toEqual({
      kind: 'up',
      to: '/users/a',
    })
  })

  it('goes up on larger screens when the page was opened directly', () => {
    expect(backAction({ pathname: '/services/abc', small: false, inAppHistory: false })).toEqual({
      kind: 'up',
      to: '/services',
    })
  })

  it('goes back in history on larger screens after an in-app navigation', () => {
    expect(backAction({ pathname: '/services/abc', small: false, inAppHistory: true })).toEqual({
      kind: 'back',
      to: '/services',
    })
  })
})
