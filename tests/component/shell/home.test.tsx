import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { externalUser, selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'

const cards = () =>
  within(screen.getByRole('region', { name: 'What would you like to do?' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.rt-Text')?.textContent)

describe('Home', () => {
  it('offers a card per screen of the menu, Flows and Profile left to the user menu', async () => {
    await renderSignedIn(selfUser())
    expect(cards()).toEqual([
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
  })

  it('leaves Dashboard out on a phone, as the bottom bar does', async () => {
    setViewport({ width: 390 })
    await renderSignedIn(selfUser())
    expect(cards()).not.toContain('Dashboard')
    expect(cards()).toContain('Queue')
  })

  it('greets without the first administrator’s placeholder name', async () => {
    await renderSignedIn(selfUser({ nameFirst: 'Gatehouse', nameLast: 'Administrator' }))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /^Good (morning|afternoon|evening)$/,
    )
  })

  it('reads nothing the person may not read: only their own second factor to set up', async () => {
    await renderSignedIn(externalUser())
    expect(cards()).toEqual(['Sessions'])
    const setup = await screen.findByRole('region', { name: 'Get started' })
    expect(
      within(setup)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Turn on a second factor'])
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Latest activity' })).toBeNull()
  })

  it('shows no checklist once everything on it is done', async () => {
    await renderSignedIn(externalUser({ use2FA: true }))
    await waitFor(() => expect(screen.queryByText('Loading the overview…')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull()
  })

  it('says so when an address led nowhere, on the Home it redirects to (SPEC.md §2)', async () => {
    const app = await renderSignedIn(selfUser(), '/no/such/place')
    await waitFor(() => expect(app.pathname()).toBe('/home'))
    expect(
      await screen.findByText(
        'Page not found: there is no page at /no/such/place, so here is Home.',
      ),
    ).toBeVisible()
  })
})
