import { describe, expect, it } from 'vitest'
import { defaultListOptions, loadListOptions, saveListOptions, type OptionStore } from '../../../src/data/lists/options'

const memoryStore = (): OptionStore & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
}

describe('list options kept locally per list type', () => {
  it('defaults: sessions by expiry and services by creation, newest first, no filters', () => {
    expect(loadListOptions('sessions', memoryStore())).toEqual({
      sort: { field: 'expires', direction: 'desc' },
      filters: { id: null, userId: null, showDeleted: false, text: '' },
    })
    expect(loadListOptions('services', memoryStore()).sort).toEqual({ field: 'createdAt', direction: 'desc' })
  })

  it('keeps each list type apart', () => {
    const store = memoryStore()
    const services = { sort: { field: 'name', direction: 'asc' as const }, filters: { ...defaultListOptions('services').filters, showDeleted: true } }
    saveListOptions('services', services, store)
    expect(loadListOptions('services', store)).toEqual(services)
    expect(loadListOptions('sessions', store)).toEqual(defaultListOptions('sessions'))
  })

  it('falls back to the defaults for unreadable or outdated values', () => {
    const store = memoryStore()
    store.setItem('gatehouse.list.sessions', '{not json')
    expect(loadListOptions('sessions', store)).toEqual(defaultListOptions('sessions'))
    store.setItem('gatehouse.list.services', JSON.stringify({ sort: { field: 'key', direction: 'asc' }, filters: { text: 'x' } }))
    expect(loadListOptions('services', store)).toEqual({
      sort: { field: 'createdAt', direction: 'desc' },
      filters: { id: null, userId: null, showDeleted: false, text: 'x' },
    })
  })

  it('works without any storage at all', () => {
    expect(loadListOptions('sessions', undefined)).toEqual(defaultListOptions('sessions'))
    expect(() => saveListOptions('sessions', defaultListOptions('sessions'), undefined)).not.toThrow()
  })
})
