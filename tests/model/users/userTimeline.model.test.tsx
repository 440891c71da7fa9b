import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { timelineUser as shown, userTimelinePaths } from '../../../src/areas/users/paths/userTimeline.paths'
import type { UserTimelineSnapshot } from '../../../src/areas/users/machines/userTimeline.machine'
import { timelineText } from '../../../src/areas/users/views/detail/timelineText'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { server } from '../account/profile.support'
import { renderUser } from './userDetail.support'

const { paths } = buildPaths(userTimelinePaths)
const view = viewCoverage(userTimelinePaths)

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderUser>>

const section = () => screen.getByRole('region', { name: 'Timeline' })

function drive(app: App) {
  const expectEvents = async (s: UserTimelineSnapshot) => {
    const { events } = s.context
    if (events.length === 0) {
      expect(within(section()).queryByRole('list', { name: 'Timeline events' })).toBeNull()
    } else {
      const list = await within(section()).findByRole('list', { name: 'Timeline events' })
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(events.length))
      within(list)
        .getAllByRole('listitem')
        .forEach((item, i) => expect(item).toHaveTextContent(timelineText(events[i]!)))
    }
    const older = within(section()).queryByRole('button', { name: 'Load older' })
    if (s.context.cursor !== null && events.length > 0) {
      expect(older).not.toBeNull()
      if (s.hasTag('busy')) await waitFor(() => expect(older).toBeDisabled())
      else expect(older).toBeEnabled()
    } else expect(older).toBeNull()
    if (s.hasTag('error'))
      expect(await within(section()).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(section()).queryByRole('alert')).toBeNull()
    expect(within(section()).getByRole('link', { name: 'Show in Logs' })).toHaveAttribute(
      'href',
      `/logs?user=${shown.id}`,
    )
  }
  return {
    states: {
      loading: async () => {
        expect(await within(section()).findByText('Loading timeline…')).toBeVisible()
        expect((await server.last('loadPage')).args).toEqual([shown.id, null])
      },
      ready: expectEvents,
      failed: async (s: UserTimelineSnapshot) => {
        await expectEvents(s)
        expect(within(section()).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      loadingMore: async (s: UserTimelineSnapshot) => {
        await expectEvents(s)
        expect((await server.last('loadPage')).args).toEqual([shown.id, s.context.cursor])
      },
      moreFailed: expectEvents,
    },
    events: {
      'timeline.loadMore': () =>
        app.user.click(within(section()).getByRole('button', { name: 'Load older' })),
      'timeline.retry': () =>
        app.user.click(within(section()).getByRole('button', { name: 'Retry' })),
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

describe('user timeline statechart, driving the Timeline section', () => {
  it('takes only steps the production machine takes', () => {
    const model = userTimelinePaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderUser(shown)
      await view.drive(path, drive(app))
    })
  }
})
