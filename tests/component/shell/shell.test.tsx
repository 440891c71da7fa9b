import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { externalUser, selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })
// Tabs are named by aria-label (Radix repeats the label in a hidden copy that jsdom cannot hide).
const tabNames = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'))

describe('shell on desktop (≥ 960 px)', () => {
  it('offers INTERNAL staff every tab, Queue and Dashboard included', async () => {
    await renderSignedIn(selfUser())
    expect(tabNames()).toEqual([
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
  })

  it('hides Queue and Dashboard from EXTERNAL users even with every permission', async () => {
    await renderSignedIn(externalUser({ permissions: selfUser().permissions }))
    expect(tabNames()).toEqual([
      'Home',
      'Sessions',
      'Users',
      'Services',
      'Logs',
      'Attributes',
      'Roles',
      'Groups',
    ])
  })

  it('hides the tabs whose permission the person lacks', async () => {
    await renderSignedIn(externalUser())
    expect(tabNames()).toEqual(['Home', 'Sessions'])
  })

  it('marks the tab of the first path segment as current, and Home for anything else', async () => {
    const app = await renderSignedIn(selfUser(), '/services/0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60')
    expect(within(mainNav()).getByRole('link', { name: 'Services' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
    )
    expect(screen.getByRole('button', { name: /user menu/i })).not.toHaveAttribute('data-current')
    await app.user.click(screen.getByRole('button', { name: /user menu/i }))
    await app.user.click(await screen.findByRole('menuitem', { name: 'My Profile' }))
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible()
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The menu that led here shows where the person is.
    expect(screen.getByRole('button', { name: /user menu/i })).toHaveAttribute(
      'data-current',
      'true',
    )
  })

  it('titles the browser tab after the page', async () => {
    const app = await renderSignedIn(selfUser())
    await waitFor(() => expect(document.title).toBe('Home · Gatehouse'))
    await app.user.click(within(mainNav()).getByRole('link', { name: 'Sessions' }))
    await waitFor(() => expect(document.title).toBe('Sessions · Gatehouse'))
  })

  it('navigates with the tabs', async () => {
    const app = await renderSignedIn(selfUser())
    await app.user.click(within(mainNav()).getByRole('link', { name: 'Sessions' }))
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeVisible()
    expect(app.pathname()).toBe('/sessions')
  })

  it('has a user menu with the initials: My Profile, Change Password, API tokens, Flows, a separator, Logout', async () => {
    const app = await renderSignedIn(selfUser())
    const trigger = screen.getByRole('button', { name: /user menu/i })
    // The initials are the Avatar's fallback, which Radix renders once it knows there is no image.
    await waitFor(() => expect(trigger).toHaveTextContent('AL'))
    // Label in name (WCAG 2.5.3): what the trigger shows is part of what it is called.
    expect(trigger).toHaveAccessibleName('AL, user menu for Ada Lovelace')
    await app.user.click(trigger)
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['My Profile', 'Change Password', 'API tokens', 'Flows', 'Logout'])
    expect(within(menu).getByRole('separator')).toBeInTheDocument()
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Change Password' }))
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeVisible()
  })

  it('leaves Flows out of the user menu without flows.read', async () => {
    const app = await renderSignedIn(externalUser())
    await app.user.click(screen.getByRole('button', { name: /user menu/i }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['My Profile', 'Change Password', 'API tokens', 'Logout'])
  })
})

describe('shell on phones and tablets (< 960 px)', () => {
  it('moves the tabs to a bottom bar with labels on tablets: four, then More with the rest', async () => {
    setViewport({ width: 700 })
    const app = await renderSignedIn(selfUser(), '/logs')
    expect(tabNames()).toEqual(['Home', 'Sessions', 'Users', 'Services'])
    expect(within(mainNav()).getByText('Sessions')).toBeVisible()
    // Logs is behind More: More is marked, and its menu names the rest, Dashboard aside.
    const more = within(mainNav()).getByRole('button', { name: 'More' })
    expect(more).toHaveAttribute('data-current', 'true')
    await app.user.click(more)
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Logs', 'Attributes', 'Roles', 'Groups', 'Queue', 'Webhooks'])
    expect(within(menu).getByRole('menuitem', { name: 'Logs' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Attributes' }))
    await waitFor(() => expect(app.pathname()).toBe('/attributes'))
  })

  it('keeps every tab in the bar when they fit its five places', async () => {
    setViewport({ width: 700 })
    await renderSignedIn(
      externalUser({ permissions: ['sessions.read', 'users.read'] }),
      '/sessions',
    )
    expect(tabNames()).toEqual(['Home', 'Sessions', 'Users'])
    expect(within(mainNav()).queryByRole('button', { name: 'More' })).toBeNull()
    expect(within(mainNav()).getByRole('link', { name: 'Sessions' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('keeps only icons, named by aria-label, on phones', async () => {
    setViewport({ width: 390 })
    await renderSignedIn(selfUser())
    const home = within(mainNav()).getByRole('link', { name: 'Home' })
    expect(home).toHaveAttribute('aria-label', 'Home')
    expect(home).toHaveTextContent('')
    const more = within(mainNav()).getByRole('button', { name: 'More' })
    expect(more).toHaveTextContent('')
  })

  it('shows the bottom bar only on paths of at most one segment', async () => {
    setViewport({ width: 390 })
    const app = await renderSignedIn(selfUser(), '/users/0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60')
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    await app.user.click(screen.getByRole('link', { name: 'Back' }))
    await waitFor(() => expect(app.pathname()).toBe('/users'))
    expect(mainNav()).toBeVisible()
  })

  it('follows a resize across the breakpoint', async () => {
    await renderSignedIn(selfUser())
    expect(tabNames()).toContain('Dashboard')
    setViewport({ width: 500 })
    await waitFor(() => expect(tabNames()).not.toContain('Dashboard'))
    expect(within(mainNav()).getByRole('button', { name: 'More' })).toBeVisible()
  })
})
