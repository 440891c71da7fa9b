import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { homeOverviewPaths, signInEvent } from '../../../src/areas/shell/paths/homeOverview.paths'
import { homeOverviewMachine } from '../../../src/areas/shell/machines/homeOverview.machine'
import type { OverviewReader } from '../../../src/areas/shell/machines/homeOverview.read'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { formatDateTime } from '../../../src/kit/views/format/dateTime'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server, stubbed } from '../account/profile.support'

const { paths } = buildPaths(homeOverviewPaths)
const view = viewCoverage(homeOverviewPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderSignedIn>>

const stubbedOverview = homeOverviewMachine.provide({
  actors: { readOverview: stubbed('readOverview', (reader: OverviewReader) => [reader]) as never },
})

const region = (name: string) => screen.getByRole('region', { name })

function drive(app: App) {
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const call = await server.last('readOverview')
    await act(async () => {
      if (how === 'resolve') call.resolve(value)
      else call.reject(value)
      await Promise.resolve()
    })
  }
  return {
    states: {
      reading: async () => {
        expect(await screen.findByText('Loading the overview…')).toBeVisible()
        expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull()
      },
      failed: async () => {
        expect(
          await screen.findByText('The overview could not be loaded: The server is busy.'),
        ).toBeVisible()
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      shown: async () => {
        const attention = await screen.findByRole('region', { name: 'Needs attention' })
        // INTERNAL staff with the Queue: locked accounts are unlocked there.
        expect(within(attention).getByRole('link', { name: '2 locked accounts' })).toHaveAttribute(
          'href',
          '/queue',
        )
        expect(within(attention).getByRole('link', { name: '1 message not sent' })).toBeVisible()
        const setup = region('Get started')
        expect(setup).toHaveTextContent('1 of 3 done')
        expect(within(setup).getByRole('link', { name: 'Add a service' })).toHaveAttribute(
          'href',
          '/services',
        )
        expect(within(setup).getByText('Invite staff')).toBeVisible()
        expect(within(setup).queryByRole('link', { name: 'Invite staff' })).toBeNull()
        expect(within(setup).getByRole('link', { name: 'Turn on a second factor' })).toBeVisible()
        const activity = region('Latest activity')
        expect(activity).toHaveTextContent(formatDateTime(signInEvent.at))
        expect(
          within(activity).getByRole('link', { name: 'All activity in Logs' }),
        ).toHaveAttribute('href', '/logs')
      },
    },
    events: {
      'overview.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'xstate.done.actor.readOverview': ({ event }: Step) => settle('resolve', event.output),
      'xstate.error.actor.readOverview': ({ event }: Step) => settle('reject', event.error),
    },
  }
}

describe("Home overview statechart, driving Home's overview", () => {
  it('takes only steps the production machine takes', () => {
    const model = homeOverviewPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  it('asks with the signed-in person, whose permissions decide what is read', async () => {
    server.reset()
    await renderSignedIn(selfUser(), '/home', { provide: [stubbedOverview] })
    const call = await server.last('readOverview')
    expect(call.args).toEqual([expect.objectContaining({ id: selfUser().id })])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      const app = await renderSignedIn(selfUser(), '/home', { provide: [stubbedOverview] })
      await waitFor(() => expect(server.calls.length).toBe(1))
      await view.drive(path, drive(app))
    })
  }
})
