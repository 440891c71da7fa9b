import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { Group } from '../../../schema/access'
import { groupsPageMachine } from '../../../src/areas/groups/machines/groupsPage.machine'
import { groups, nightShift } from '../../../src/areas/groups/paths/groups.fixtures'
import { membersReady, openGroups, pageReady, pick } from '../../model/groups/groups.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'

const READER = ['roles.read', 'users.read']
const noGroups = groupsPageMachine.provide({
  actors: { loadGroups: fromPromise<Group[]>(() => Promise.resolve([])) },
})

describe('Groups screen', () => {
  it('lists the groups by name with their member counts', async () => {
    await openGroups([pageReady, membersReady()])
    const list = await screen.findByRole('list', { name: 'Groups' })
    const rows = within(list).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Night shift2 membersStaff on the 22:00–06:00 rota',
      'Pharmacy staff0 members',
    ])
    expect(screen.getByRole('heading', { name: `All groups (${groups.length})` })).toBeVisible()
  })

  it('narrows the list to the groups whose name or description holds the search', async () => {
    const app = await openGroups([pageReady, membersReady()])
    const box = await screen.findByRole('searchbox', { name: 'Search groups' })
    await app.user.type(box, 'ROTA')
    const list = screen.getByRole('list', { name: 'Groups' })
    expect(within(list).getAllByRole('button')).toHaveLength(1)
    expect(within(list).getByRole('button', { name: /^Night shift/ })).toBeVisible()
    await app.user.clear(box)
    await app.user.type(box, 'kitchen')
    expect(screen.getByText('No groups match “kitchen”.')).toBeVisible()
  })

  it('says what groups are for when there are none', async () => {
    await openGroups([noGroups])
    expect(await screen.findByText(/^No groups yet\./)).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Groups' })).toBeNull()
  })

  it('shows the selected group and marks it in the list', async () => {
    const app = await openGroups([pageReady, membersReady()])
    await pick(app, nightShift.name)
    expect(screen.getByRole('button', { name: /^Night shift/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const heading = screen.getByRole('heading', { name: nightShift.name, level: 2 })
    const panel = heading.closest('section')!
    expect(within(panel).getByText('Staff on the 22:00–06:00 rota')).toBeVisible()
    expect(within(panel).getByText('2 members')).toBeVisible()
    await waitFor(() => expect(screen.getByText(/No members yet\./)).toBeVisible())
  })

  it('offers reading only to those without roles.write and users.access', async () => {
    const app = await openGroups([pageReady, membersReady()], READER)
    await pick(app, nightShift.name)
    for (const name of ['New group', 'Edit', 'Delete', 'Add members'])
      expect(screen.queryByRole('button', { name })).toBeNull()
  })

  it('is not shown without roles.read', async () => {
    await renderSignedIn(selfUser({ permissions: ['users.read'] }), '/groups', {
      provide: [pageReady],
    })
    expect(await screen.findByText('You are not authorized to view this.')).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Groups', level: 1 })).toBeNull()
  })
})
