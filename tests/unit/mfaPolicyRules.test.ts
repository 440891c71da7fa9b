import { describe, expect, it } from 'vitest'
import type { MfaPolicy } from '../../schema/factors'
import {
  canSavePolicy,
  draftsOf,
  GRACE_ERROR,
  graceError,
  policyBody,
  policySentence,
} from '../../src/areas/users/machines/mfaPolicy.messages'

const optional: MfaPolicy = { type: 'INTERNAL', mode: 'optional', graceDays: 7, requiredSince: null }

describe('the second-factor policy dialog rules', () => {
  it('takes grace days from 0 to 365, whole', () => {
    for (const ok of ['0', '3', ' 365 ']) expect(graceError(ok)).toBeUndefined()
    for (const bad of ['', '-1', '366', '2.5', 'three', '1000']) expect(graceError(bad)).toBe(GRACE_ERROR)
  })

  it('sends the grace days only with a requirement; otherwise the stored ones go back', () => {
    expect(policyBody({ mode: 'required', graceDays: '3' }, optional)).toEqual({ mode: 'required', graceDays: 3 })
    expect(policyBody({ mode: 'off', graceDays: 'oops' }, optional)).toEqual({ mode: 'off', graceDays: 7 })
  })

  it('saves only a change the server takes', () => {
    expect(canSavePolicy({ mode: 'optional', graceDays: '7' }, optional)).toBe(false)
    expect(canSavePolicy({ mode: 'optional', graceDays: '3' }, optional)).toBe(false)
    expect(canSavePolicy({ mode: 'required', graceDays: '7' }, optional)).toBe(true)
    expect(canSavePolicy({ mode: 'required', graceDays: '400' }, optional)).toBe(false)
    expect(canSavePolicy({ mode: 'off', graceDays: '7' }, optional)).toBe(true)
  })

  it('opens a row per user type, the server default where it named none', () => {
    expect(draftsOf([optional])).toEqual({
      INTERNAL: { mode: 'optional', graceDays: '7' },
      EXTERNAL: { mode: 'optional', graceDays: '7' },
    })
  })

  it('says what holds in a sentence', () => {
    expect(policySentence({ type: 'INTERNAL', mode: 'required', graceDays: 3 })).toBe(
      "Internal users: a second factor is required, with 3 days' grace.",
    )
    expect(policySentence({ type: 'EXTERNAL', mode: 'required', graceDays: 0 })).toBe(
      'External users: a second factor is required, with no grace.',
    )
    expect(policySentence({ type: 'EXTERNAL', mode: 'off', graceDays: 7 })).toBe(
      'External users: second factors are off.',
    )
  })
})
