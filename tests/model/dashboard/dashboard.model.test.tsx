import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { listenForTopics, tellTopics } from '../../../src/data/sync/topics'
import { dashboardPaths } from '../../../src/areas/dashboard/paths/dashboard.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  dashboardMachine,
  type DashboardEvent,
  type DashboardSnapshot,
} from '../../../src/areas/dashboard/machines/dashboard.machine'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'

const { paths } = buildPaths(dashboardPaths)
const view = viewCoverage(dashboardPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }

// The real listener on the console's one change stream, told at once instead of after 2 seconds.
const stubbedDashboard = dashboardMachine.provide({
  actors: {
    loadFigures: stubbed('loadFigures', () => []) as never,
    listen: fromCallback<DashboardEvent>(({ sendBack }) =>
      listenForTopics(['audit', 'outbox'], () => sendBack({ type: 'dashboard.changed' }), 0),
    ),
  },
})

/** The screen's own message (a notification is an alert too). */
const pageAlert = () =>
  screen
    .queryAllByRole('alert', { hidden: true })
    .find((alert) => !alert.closest('[data-notification]'))

const figure = (name: string) => screen.getByRole('region', { name, hidden: true })

function drive(app: App) {
  const expectFigures = async (s: DashboardSnapshot) => {
    const { figures, error } = s.context
    if (!figures) expect(screen.queryByRole('region', { name: 'Active sessions' })).toBeNull()
    else {
      await waitFor(() => expect(figure('Active sessions')).toHaveTextContent(/^Active sessions3/))
      const hour = figures.hourly.at(-1)!
      expect(
        screen.getByText(
          `Sign-ins per hour, last 24 hours (UTC): ${figures.hourly.reduce((n, b) => n + b.success, 0)} sign-ins, 1 failure`,
        ),
      ).toBeInTheDocument()
      // The chart's table alternative, read by screen readers.
      const hourly = screen.getByRole('table', {
        name: 'Sign-ins per hour, last 24 hours (UTC)',
        hidden: true,
      })
      const last = within(hourly).getAllByRole('row', { hidden: true }).at(-1)!
      expect(last).toHaveTextContent(`${hour.success}${hour.failure}`)
      expect(figure('Locked accounts')).toHaveTextContent('1')
      expect(figure('Dormant users')).toHaveTextContent('4 never signed in, 2 not lately')
      // Issue 28: each factor's count, and those with none, of the enabled accounts.
      const factors = figure('Second factors')
      for (const [label, count] of [
        ['Authenticator app', figures.factors.authenticator],
        ['Text message', figures.factors.sms],
        ['Passkey', figures.factors.passkey],
        ['No second factor', figures.factors.none],
      ] as const)
        expect(within(factors).getByText(label, { selector: 'dt' }).nextSibling).toHaveTextContent(
          String(count),
        )
      expect(factors).toHaveTextContent(`Of ${figures.factors.users} enabled accounts`)
      expect(figure('Queue')).toHaveTextContent('1waiting; the oldest since')
      expect(
        screen.getByRole('table', { name: 'Top failing addresses', hidden: true }),
      ).toHaveTextContent('10.0.0.7')
      expect(
        screen.getByRole('table', { name: 'Sign-ins by service', hidden: true }),
      ).toHaveTextContent('Alpha Desk5')
      const refresh = screen.getByRole('button', { name: 'Refresh', hidden: true })
      if (s.matches('refreshing')) await waitFor(() => expect(refresh).toBeDisabled())
      else await waitFor(() => expect(refresh).toBeEnabled())
    }
    if (error) await waitFor(() => expect(pageAlert()).toHaveTextContent(error))
    else await waitFor(() => expect(pageAlert()).toBeUndefined())
  }
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const call = await server.last('loadFigures')
    await act(async () => {
      if (how === 'resolve') call.resolve(value)
      else call.reject(value)
      await Promise.resolve()
    })
  }
  const calls = () => server.calls.filter((c) => c.name === 'loadFigures').length
  return {
    states: {
      loading: async (s: DashboardSnapshot) => {
        expect(await screen.findByText('Loading the dashboard…')).toBeVisible()
        await expectFigures(s)
      },
      failed: async (s: DashboardSnapshot) => {
        await expectFigures(s)
        expect(pageAlert()).toHaveTextContent('The dashboard could not be loaded')
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: expectFigures,
      refreshing: expectFigures,
    },
    events: {
      'dashboard.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'dashboard.refresh': async () => {
        const before = calls()
        await app.user.click(screen.getByRole('button', { name: 'Refresh' }))
        await waitFor(() => expect(calls()).toBe(before + 1))
      },
      'dashboard.changed': async () => {
        // A sign-in was audited: the console's change stream names the audit topic.
        const before = calls()
        await act(async () => {
          tellTopics(['audit'])
          await new Promise((resolve) => setTimeout(resolve, 5))
        })
        await waitFor(() => expect(calls()).toBe(before + 1))
      },
      'xstate.done.actor.loadFigures': ({ event }: Step) => settle('resolve', event.output),
      'xstate.error.actor.loadFigures': ({ event }: Step) => settle('reject', event.error),
      'xstate.done.actor.refresh': ({ event }: Step) => settle('resolve', event.output),
      'xstate.error.actor.refresh': ({ event }: Step) => settle('reject', event.error),
    },
  }
}

describe('Dashboard statechart, driving the Dashboard screen', () => {
  it('takes only steps the production machine takes', () => {
    const model = dashboardPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      const app = renderApp('/dashboard', { provide: [stubbedDashboard] })
      app.gates.fetchSelf.resolve(selfUser())
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 })
      await view.drive(path, drive({ ...app, user: userEvent.setup() }))
    })
  }
})
