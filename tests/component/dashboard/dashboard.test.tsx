import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { fromCallback, fromPromise } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { DashboardResults } from '../../../schema/dashboard'
import {
  dashboardMachine,
  type DashboardEvent,
} from '../../../src/areas/dashboard/machines/dashboard.machine'
import { someFigures } from '../../../src/areas/dashboard/paths/dashboard.paths'
import { selfUser } from '../../setup/fixtures'
import { resetViewport, setViewport } from '../../setup/media'
import { renderApp } from '../../setup/renderApp'

function renderDashboard(figures: DashboardResults) {
  const machine = dashboardMachine.provide({
    actors: {
      loadFigures: fromPromise(() => Promise.resolve(figures)),
      listen: fromCallback<DashboardEvent>(() => () => undefined),
    },
  })
  const app = renderApp('/dashboard', { provide: [machine] })
  app.gates.fetchSelf.resolve(selfUser())
  return app
}

/** A large directory: counts in the thousands. */
function bigFigures(): DashboardResults {
  const figures = someFigures(1500)
  return {
    ...figures,
    activeSessions: 5001,
    dormant: { never: 1200, before: 300, days: 90 },
    factors: { users: 12_000, authenticator: 3000, sms: 2000, passkey: 1000, none: 7000 },
    services: [],
  }
}

afterEach(() => resetViewport())

describe('Dashboard screen', () => {
  it('writes every count with thousands separators', async () => {
    renderDashboard(bigFigures())
    const sessions = await screen.findByRole('region', { name: 'Active sessions' })
    expect(sessions).toHaveTextContent('5,001')
    expect(screen.getByRole('region', { name: 'Dormant users' })).toHaveTextContent(
      /1,500no sign-in for 90 days: 1,200 never signed in, 300 not lately/,
    )
    const factors = screen.getByRole('region', { name: 'Second factors' })
    expect(factors).toHaveTextContent('Of 12,000 enabled accounts')
    expect(within(factors).getByText('Authenticator app').nextSibling).toHaveTextContent('3,000')
    expect(
      screen.getByText(/^Sign-ins per hour, last 24 hours \(UTC\): 1,500 sign-ins, 1 failure$/),
    ).toBeInTheDocument()
  })

  it('keeps Refresh in the header, full size, and an empty card short with a next step', async () => {
    renderDashboard(bigFigures())
    const refresh = await screen.findByRole('button', { name: 'Refresh' })
    expect(refresh).not.toHaveClass('rt-r-size-1')
    // In the header's action area (a group pushed to the right), not beside the title itself.
    const heading = screen.getByRole('heading', { name: 'Dashboard', level: 1 })
    expect(refresh.parentElement).not.toBe(heading.parentElement)
    expect(refresh.parentElement?.parentElement).toBe(heading.parentElement)
    const services = screen.getByRole('region', { name: 'Sign-ins by service, last 30 days' })
    expect(services).toHaveTextContent('No service has signed anyone in yet.')
    expect(within(services).getByRole('link', { name: 'Open Services' })).toHaveAttribute(
      'href',
      '/services',
    )
  })

  it('shows the latest bucket in each chart legend before any hover', async () => {
    renderDashboard(bigFigures())
    await screen.findByRole('region', { name: 'Active sessions' })
    // 10:00 is the fixture's current hour; the legend is visual (the table is read instead).
    expect(screen.getByText('10:00 (latest)')).toBeInTheDocument()
    expect(screen.getAllByText('1,500 sign-ins').length).toBeGreaterThanOrEqual(2)
    expect(screen.queryByText('--')).toBeNull()
  })

  it('works on a phone: the figures show instead of a message', async () => {
    setViewport({ width: 390 })
    renderDashboard(bigFigures())
    expect(await screen.findByRole('region', { name: 'Active sessions' })).toHaveTextContent(
      '5,001',
    )
    expect(screen.queryByText(/available on larger screens/)).toBeNull()
  })
})
