import { describe, expect, it } from 'vitest'
import { Permissions } from '../../schema/permissions'
import {
  activeTabPath,
  bottomBarTabs,
  initials,
  parentPath,
  showsBottomBar,
  visibleTabs,
} from '../../src/kit/views/page/navigation'

const labels = (tabs: { label: string }[]) => tabs.map((t) => t.label)
const everything = [...Permissions]

describe('navigation helpers', () => {
  it('picks the active tab from the first segment, falling back to Home', () => {
    expect(activeTabPath('/services/abc')).toBe('/services')
    expect(activeTabPath('/logs')).toBe('/logs')
    expect(activeTabPath('/roles')).toBe('/roles')
    expect(activeTabPath('/profile')).toBe('/home')
    expect(activeTabPath('/')).toBe('/home')
  })

  it('offers Queue to INTERNAL staff, and Dashboard only on desktop', () => {
    const internal = { type: 'INTERNAL' as const, permissions: everything }
    expect(labels(visibleTabs(internal, true))).toEqual([
      'Home',
      'Sessions',
      'Users',
      'Services',
      'Logs',
      'Attributes',
      'Roles',
      'Groups',
      'Queue',
      'Webhooks',
      'Dashboard',
    ])
    expect(labels(visibleTabs(internal, false))).not.toContain('Dashboard')
    expect(labels(visibleTabs(internal, false))).toContain('Queue')
    expect(labels(visibleTabs({ type: 'EXTERNAL', permissions: everything }, true))).not.toContain(
      'Queue',
    )
  })

  it('offers Roles and Groups to those who may read roles, the rest in the More menu', () => {
    const reader = { type: 'EXTERNAL' as const, permissions: ['roles.read' as const] }
    expect(labels(visibleTabs(reader, true))).toEqual(['Home', 'Roles', 'Groups'])
    expect(labels(visibleTabs({ ...reader, permissions: [] }, true))).toEqual(['Home'])
    const internal = { type: 'INTERNAL' as const, permissions: everything }
    const { bar, more } = bottomBarTabs(visibleTabs(internal, false))
    expect(labels(bar)).toEqual(['Home', 'Sessions', 'Users', 'Services'])
    expect(labels(more)).toEqual(['Logs', 'Attributes', 'Roles', 'Groups', 'Queue', 'Webhooks'])
  })

  it('shows the bottom bar on paths of at most one segment', () => {
    expect(showsBottomBar('/')).toBe(true)
    expect(showsBottomBar('/users')).toBe(true)
    expect(showsBottomBar('/users/')).toBe(true)
    expect(showsBottomBar('/users/42')).toBe(false)
  })

  it('goes up one segment from a detail path', () => {
    expect(parentPath('/services/42')).toBe('/services')
    expect(parentPath('/services')).toBeUndefined()
  })

  it('makes initials from the name, or the email', () => {
    expect(initials({ nameFirst: 'ada', nameLast: 'Lovelace', email: 'a@x.io' })).toBe('AL')
    expect(initials({ nameFirst: '', nameLast: '', email: 'grace@x.io' })).toBe('G')
  })
})
