import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { identityDb } from '../../../src/data/db/identity'
import { storedPolicies } from '../../../src/areas/users/paths/mfaPolicy.paths'
import { mfaPolicyMachine } from '../../../src/areas/users/machines/mfaPolicy.machine'
import { externalUser, selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'
import { tallElements } from '../sessions/sessions.support'
import { listUser, seedUsers } from './users.support'

const list = () => screen.getByRole('list', { name: 'Users' })
const links = () => within(list()).getAllByRole('link')
const names = () => links().map((link) => link.querySelector('span')?.textContent)
const search = () => screen.getByRole('searchbox', { name: 'Search users' })

beforeEach(async () => {
  tallElements(2000)
  await identityDb().users.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('Users screen, the list', () => {
  it('lists users by last name, named First Last, with every column on desktop', async () => {
    await seedUsers(3, [
      listUser(7, { locked: true, lastLogin: new Date(Date.now() - 3 * 864e5).toISOString() }),
    ])
    await renderSignedIn(selfUser(), '/users')
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
    expect(await screen.findByText('Record Count: 4')).toBeVisible()
    expect(names()).toEqual(['Grace Hopper', 'First7 Last00007', 'Ada Lovelace', 'Alan Turing'])
    const locked = links()[1]!
    expect(within(locked).getByText('Locked')).toBeVisible()
    expect(within(locked).getByText('3 days ago')).toHaveAttribute(
      'title',
      expect.stringMatching(/\d{4}/),
    )
    expect(links()[0]).toHaveAccessibleName(/^Grace Hopper grace@example\.com/)
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  })

  it('searches by part of a name, email, phone digits and id prefix', async () => {
    await seedUsers(20)
    const app = await renderSignedIn(selfUser(), '/users')
    await screen.findByText('Record Count: 20')
    for (const [text, expected] of [
      ['ada love', ['Ada Lovelace']],
      ['grace@', ['Grace Hopper']],
      ['(555) 010-0001', ['Ada Lovelace']],
      [listUser(2).id, ['Alan Turing']],
      ['lovelace, a', ['Ada Lovelace']],
    ] as const) {
      await app.user.clear(search())
      await app.user.type(search(), text)
      await waitFor(() => expect(names()).toEqual(expected))
    }
    // An id's start: users 10..19 share the first 35 characters.
    await app.user.clear(search())
    await app.user.type(search(), listUser(19).id.slice(0, 35))
    await waitFor(() => expect(names()).toHaveLength(10))
    expect(names()).toContain('First19 Last00019')
  })

  it('filters by status, type, two-factor and dormancy, counting them on the badge', async () => {
    await seedUsers(12, [listUser(30, { disabled: true })])
    const app = await renderSignedIn(selfUser(), '/users')
    await screen.findByText('Record Count: 13')
    await app.user.click(screen.getByRole('button', { name: /^Show Filters/ }))
    const drawer = await screen.findByRole('region', { name: 'Filters' })
    await app.user.click(
      within(within(drawer).getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
        name: 'Disabled',
      }),
    )
    await screen.findByText('Record Count: 1')
    expect(screen.getByRole('button', { name: 'Hide Filters (1 changed)' })).toBeVisible()
    await app.user.click(
      within(within(drawer).getByRole('radiogroup', { name: 'Status' })).getByRole('radio', {
        name: 'Any',
      }),
    )
    await app.user.click(
      within(within(drawer).getByRole('radiogroup', { name: 'Dormant' })).getByRole('radio', {
        name: 'Never signed in',
      }),
    )
    // Users 3, 7 and 11 never signed in.
    await screen.findByText('Record Count: 3')
    await app.user.click(
      within(within(drawer).getByRole('radiogroup', { name: 'Type' })).getByRole('radio', {
        name: 'External',
      }),
    )
    await screen.findByText('Record Count: 1')
    expect(names()).toEqual(['First11 Last00011'])
  })

  it("shows each user's second factors and filters those with none (issue 28)", async () => {
    await seedUsers(0, [
      listUser(0, { authenticator: true, use2FA: true, passkeys: 2 }),
      listUser(1, { authenticator: false, use2FA: false, passkeys: 0 }),
      // Text messages without a phone to send them to are no factor.
      listUser(2, { authenticator: false, use2FA: true, phone: null, passkeys: 0 }),
    ])
    const app = await renderSignedIn(selfUser(), '/users')
    await screen.findByText('Record Count: 3')
    expect(within(links()[0]!).getByText('None')).toHaveAttribute('title', 'No second factor')
    const lovelace = links()[1]!
    expect(within(lovelace).getByText('App, SMS, 2 passkeys')).toHaveAttribute(
      'title',
      'Authenticator app, Text message, 2 passkeys',
    )
    await app.user.click(screen.getByRole('button', { name: /^Show Filters/ }))
    const drawer = await screen.findByRole('region', { name: 'Filters' })
    await app.user.click(
      within(within(drawer).getByRole('radiogroup', { name: 'Second factor' })).getByRole('radio', {
        name: 'No second factor',
      }),
    )
    await screen.findByText('Record Count: 2')
    expect(names()).toEqual(['Grace Hopper', 'Alan Turing'])
    expect(screen.getByRole('button', { name: 'Hide Filters (1 changed)' })).toBeVisible()
    await app.user.click(within(drawer).getByRole('radio', { name: 'At least one' }))
    await screen.findByText('Record Count: 1')
    expect(names()).toEqual(['Ada Lovelace'])
  })

  it('shows no checkboxes to those without users.write', async () => {
    await seedUsers(3)
    await renderSignedIn(externalUser({ permissions: ['users.read'] }), '/users')
    await screen.findByText('Record Count: 3')
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull()
  })

  it('shows the second-factor policy read-only to those without users.write', async () => {
    await seedUsers(1)
    const policies = mfaPolicyMachine.provide({
      actors: { loadPolicies: fromPromise(() => Promise.resolve(storedPolicies)) },
    })
    const app = await renderSignedIn(externalUser({ permissions: ['users.read'] }), '/users', {
      provide: [policies],
    })
    await app.user.click(await screen.findByRole('button', { name: 'Second-factor policy' }))
    const dialog = await screen.findByRole('dialog', { name: 'Second-factor policy' })
    const internal = await within(dialog).findByRole('form', { name: 'Internal users' })
    expect(within(dialog).getByText(/changing it needs the users\.write permission/)).toBeVisible()
    expect(within(internal).getByRole('radio', { name: 'Optional' })).toBeChecked()
    expect(within(internal).getByRole('radio', { name: 'Required' })).toBeDisabled()
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('on a phone: name, email and status; the detail on /users/{id} with the back arrow', async () => {
    setViewport({ width: 390 })
    await seedUsers(3)
    const app = await renderSignedIn(selfUser(), '/users')
    await screen.findByText('Record Count: 3')
    expect(within(links()[0]!).getByText('Active')).toBeVisible()
    expect(within(list()).queryByText('Internal')).toBeNull()
    await app.user.click(links()[0]!)
    await waitFor(() => expect(app.pathname()).toBe(`/users/${listUser(1).id}`))
    expect(await screen.findByRole('region', { name: 'User detail' })).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Users' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back' })).toBeVisible()
  })
})
