import { describe, expect, it } from 'vitest'
import { hasSecondFactor, rowFilter, type ListRow } from '../../../src/data/lists/filter'
import { defaultListOptions, loadListOptions, saveListOptions } from '../../../src/data/lists/options'
import { listUser } from '../../../src/areas/users/paths/userList.fixtures'
import { changedOptions } from '../../../src/kit/machines/listOptions.changes'
import { describeFactors } from '../../../src/areas/users/views/userDisplay'

const row = (changes: Parameters<typeof listUser>[1]) =>
  listUser(5, {
    authenticator: false,
    use2FA: false,
    phone: '5550100005',
    passkeys: 0,
    ...changes,
  }) as unknown as ListRow

const memoryStore = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe("the Users list's second factors (issue 28)", () => {
  it('counts an app, text messages with a phone, or a passkey, as the Dashboard does', () => {
    expect(hasSecondFactor(row({}))).toBe(false)
    expect(hasSecondFactor(row({ authenticator: true }))).toBe(true)
    expect(hasSecondFactor(row({ use2FA: true }))).toBe(true)
    // No phone to send the codes to: text messages are no factor.
    expect(hasSecondFactor(row({ use2FA: true, phone: null }))).toBe(false)
    expect(hasSecondFactor(row({ passkeys: 1 }))).toBe(true)
    // A row synced before the field existed.
    const { authenticator: _gone, ...older } = row({}) as Record<string, unknown>
    expect(hasSecondFactor(older)).toBe(false)
  })

  it("filters by 'No second factor' and 'At least one', which together are everyone", () => {
    const rows = Array.from({ length: 24 }, (_, n) => listUser(n) as unknown as ListRow)
    const filtered = (secondFactor: 'none' | 'some') =>
      rows.filter(rowFilter('users', { ...defaultListOptions('users').filters, secondFactor })!)
    const none = filtered('none')
    const some = filtered('some')
    expect(none.length).toBeGreaterThan(0)
    expect(some.length).toBeGreaterThan(0)
    expect(none.length + some.length).toBe(rows.length)
    for (const r of none) expect([r.authenticator, r.passkeys]).toEqual([false, 0])
    expect(rowFilter('users', defaultListOptions('users').filters)).toBeUndefined()
  })

  it('keeps the filter with the other options, counts it on the badge, drops unknown values', () => {
    const store = memoryStore()
    const defaults = defaultListOptions('users')
    expect(defaults.filters.secondFactor).toBe('any')
    const chosen = { ...defaults, filters: { ...defaults.filters, secondFactor: 'none' as const } }
    saveListOptions('users', chosen, store)
    expect(loadListOptions('users', store).filters.secondFactor).toBe('none')
    expect(changedOptions(chosen, defaults)).toEqual(['secondFactor'])
    store.setItem('gatehouse.list.users', JSON.stringify({ filters: { secondFactor: 'maybe' } }))
    expect(loadListOptions('users', store).filters.secondFactor).toBe('any')
    // Other lists have no such filter, and count nothing for it.
    expect(defaultListOptions('services').filters).not.toHaveProperty('secondFactor')
    expect(changedOptions(defaultListOptions('services'), defaultListOptions('services'))).toEqual([])
  })

  it('says the factors short for the column and in full for its tooltip', () => {
    expect(describeFactors(row({ authenticator: true, use2FA: true, passkeys: 2 }))).toEqual({
      short: 'App, SMS, 2 passkeys',
      full: 'Authenticator app, Text message, 2 passkeys',
    })
    expect(describeFactors(row({ passkeys: 1 }))).toEqual({ short: '1 passkey', full: '1 passkey' })
    expect(describeFactors(row({}))).toEqual({ short: 'None', full: 'No second factor' })
  })
})
