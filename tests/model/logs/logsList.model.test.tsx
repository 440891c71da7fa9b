import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { logText } from '../../../schema/audit-text'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { logsListPaths, startSearch } from '../../../src/areas/logs/paths/logsList.paths'
import { logsListMachine, type LogsListSnapshot } from '../../../src/areas/logs/machines/logsList.machine'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'

const { paths } = buildPaths(logsListPaths)
const view = viewCoverage(logsListPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown; search?: unknown } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }

const stubbedLogs = logsListMachine.provide({
  actors: {
    loadPage: stubbed('loadPage', (input: { search: unknown; before: string | null }) => [
      input.search,
      input.before,
    ]) as never,
  },
})

function drive(app: App) {
  const expectEvents = async (s: LogsListSnapshot) => {
    const { events } = s.context
    if (events.length === 0) {
      expect(screen.queryByRole('list', { name: 'Log events', hidden: true })).toBeNull()
    } else {
      const list = await screen.findByRole('list', { name: 'Log events', hidden: true })
      await waitFor(() =>
        expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(events.length),
      )
      within(list)
        .getAllByRole('listitem', { hidden: true })
        .forEach((item, i) => expect(item).toHaveTextContent(logText(events[i]!)))
    }
    const older = screen.queryByRole('button', { name: 'Load older', hidden: true })
    if (s.context.cursor !== null && events.length > 0) {
      expect(older).not.toBeNull()
      if (s.can({ type: 'logs.loadMore' })) expect(older).toBeEnabled()
      else await waitFor(() => expect(older).toBeDisabled())
    } else expect(older).toBeNull()
    if (s.hasTag('error'))
      expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
        s.context.error ?? '—',
      )
    const csv = screen.getByRole('link', { name: 'Export CSV', hidden: true })
    expect(csv.getAttribute('href')).toContain(`user=${startSearch.user}`)
    const selected = events.find((e) => e.id === s.context.selected)
    if (selected) {
      const dialog = await screen.findByRole('dialog')
      expect(within(dialog).getByRole('heading')).toHaveTextContent(logText(selected))
    } else await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  }
  return {
    states: {
      loading: async (s: LogsListSnapshot) => {
        expect(await screen.findByText('Loading logs…')).toBeVisible()
        expect((await server.last('loadPage')).args).toEqual([s.context.search, null])
      },
      ready: expectEvents,
      failed: async (s: LogsListSnapshot) => {
        await expectEvents(s)
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      loadingMore: async (s: LogsListSnapshot) => {
        await expectEvents(s)
        expect((await server.last('loadPage')).args).toEqual([s.context.search, s.context.cursor])
      },
      moreFailed: expectEvents,
    },
    events: {
      'logs.loadMore': () => app.user.click(screen.getByRole('button', { name: 'Load older' })),
      'logs.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'logs.filter': async ({ event }: Step) => {
        await app.router.navigate({ to: '/logs', search: event.search as never })
      },
      'logs.open': async () => {
        const [, second] = screen.getAllByRole('button', { name: /^Details: / })
        await app.user.click(second!)
      },
      'logs.close': async () => {
        await screen.findByRole('dialog')
        await app.user.keyboard('{Escape}')
      },
      'xstate.done.actor.loadPage': async ({ event }: Step) =>
        (await server.last('loadPage')).resolve(event.output),
      'xstate.error.actor.loadPage': async ({ event }: Step) =>
        (await server.last('loadPage')).reject(event.error),
      'xstate.done.actor.loadMore': async ({ event }: Step) =>
        (await server.last('loadPage')).resolve(event.output),
      'xstate.error.actor.loadMore': async ({ event }: Step) =>
        (await server.last('loadPage')).reject(event.error),
    },
  }
}

describe('Logs statechart, driving the Logs screen', () => {
  it('takes only steps the production machine takes', () => {
    const model = logsListPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      const app = renderApp(`/logs?user=${startSearch.user}`, { provide: [stubbedLogs] })
      app.gates.fetchSelf.resolve(selfUser())
      await screen.findByRole('heading', { name: 'Logs', level: 1 })
      await view.drive(path, drive({ ...app, user: userEvent.setup() }))
    })
  }
})
