import { describe, expect, it } from 'vitest'
import { canAccess } from '../../src/kit/machines/access'
import { visibleEntries } from '../../src/kit/views/page/navigation'

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

describe('canAccess: invert and allowAccess (SPEC.md §6)', () => {
  it('invert flips the permission check', () => {
    expect(canAccess(staff, { permission: 'users.read', invert: true })).toBe(false)
    expect(canAccess(staff, { permission: 'users.write', invert: true })).toBe(true)
    expect(canAccess(customer, { permission: 'ALLOW_ALL', invert: true })).toBe(false)
  })

  it('invert leaves the type check as it is', () => {
    expect(canAccess(customer, { permission: 'users.read', invert: true, type: 'INTERNAL' })).toBe(
      false,
    )
    expect(canAccess(staff, { permission: 'users.write', invert: true, type: 'INTERNAL' })).toBe(
      true,
    )
  })

  it('allowAccess decides outright', () => {
    expect(canAccess(customer, { permission: 'users.read', allowAccess: true })).toBe(true)
    expect(canAccess(staff, { allowAccess: false })).toBe(false)
    expect(canAccess(staff, { type: 'EXTERNAL', invert: true, allowAccess: true })).toBe(true)
  })

  it('allows no one without a user, whatever allowAccess says', () => {
    expect(canAccess(null, { allowAccess: true })).toBe(false)
  })
})

describe('menu entries (SPEC.md §6)', () => {
  it('hide without the permission, or when hide is set', () => {
    const entries = [
      { id: 'open' },
      { id: 'needs', access: { permission: 'users.write' as const } },
      { id: 'hidden', hide: true },
    ]
    expect(visibleEntries(staff, entries).map((e) => e.id)).toEqual(['open'])
    expect(
      visibleEntries({ ...staff, permissions: ['users.write'] }, entries).map((e) => e.id),
    ).toEqual(['open', 'needs'])
  })
})
