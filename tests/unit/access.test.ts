import { describe, expect, it } from 'vitest'
import { canAccess } from '../../src/machines/access'

const staff = { type: 'INTERNAL' as const, permissions: ['users.read' as const] }
const customer = { type: 'EXTERNAL' as const, permissions: [] }

describe('canAccess (SPEC.md §6)', () => {
  it('allows anyone signed in by default (ALLOW_ALL, any type)', () => {
    expect(canAccess(customer)).toBe(true)
    expect(canAccess(customer, { permission: 'ALLOW_ALL' })).toBe(true)
  })

  it('asks for the permission', () => {
    expect(canAccess(staff, { permission: 'users.read' })).toBe(true)
    expect(canAccess(staff, { permission: 'users.write' })).toBe(false)
  })

  it('asks for the user type as well', () => {
    expect(canAccess(staff, { type: 'INTERNAL' })).toBe(true)
    expect(canAccess(customer, { type: 'INTERNAL' })).toBe(false)
    expect(
      canAccess({ ...staff, type: 'EXTERNAL' }, { type: 'INTERNAL', permission: 'users.read' }),
    ).toBe(false)
  })

  it('allows no one without a user', () => {
    expect(canAccess(null)).toBe(false)
  })
})
