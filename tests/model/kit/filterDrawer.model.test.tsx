import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import { filterDrawerPaths } from '../../../src/kit/paths/filterDrawer.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { filterDrawerMachine } from '../../../src/kit/machines/filterDrawer.machine'
import { seedServices } from '../../component/services/serviceList.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

// The drawer's stored open state: each read waits for the path's step; writes are recorded.
const prefs = {
  reads: [] as { resolve: (open: boolean) => void; reject: (error: unknown) => void }[],
  writes: [] as boolean[],
}
const stubbed = filterDrawerMachine.provide({
  actors: {
    restoreOpen: fromPromise<boolean>(
      () => new Promise<boolean>((resolve, reject) => prefs.reads.push({ resolve, reject })),
    ),
  },
  actions: {
    rememberOpen: () => void prefs.writes.push(true),
    rememberClosed: () => void prefs.writes.push(false),
  },
})

const { paths } = buildPaths(filterDrawerPaths)
const view = viewCoverage(filterDrawerPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: EventObject & { error?: unknown; output?: unknown; distance?: number } }

const button = () => screen.getByRole('button', { name: /^(Show|Hide) Filters/ })
const sheet = () => screen.getByRole('region', { name: 'Filters' })
const noSheet = () => expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
const read = () => {
  const next = prefs.reads.shift()
  if (!next) throw new Error('Nothing is reading the drawer state.')
  return next
}

// On a phone every part of the chart shows: the toggle, the sheet's Close and its swipe.
function drive(app: App) {
  const swipe = async (distance: number) => {
    const grip = sheet().querySelector('[data-grip]')!.parentElement!
    fireEvent.pointerDown(grip, { pointerId: 7, clientY: 300 })
    fireEvent.pointerMove(grip, { pointerId: 7, clientY: 300 + distance / 2 })
    fireEvent.pointerUp(grip, { pointerId: 7, clientY: 300 + distance })
    await Promise.resolve()
  }
  return {
    states: {
      restoring: () => {
        expect(button()).toHaveTextContent('Show Filters')
        expect(button()).toBeDisabled()
        noSheet()
      },
      open: async () => {
        expect(await screen.findByRole('region', { name: 'Filters' })).toBeVisible()
        expect(button()).toHaveTextContent('Hide Filters')
        expect(button()).toHaveAttribute('aria-expanded', 'true')
        expect(sheet().style.maxHeight).toBe('90dvh')
        expect(within(sheet()).getByRole('button', { name: 'Close' })).toBeEnabled()
      },
      closed: async () => {
        await waitFor(noSheet)
        expect(button()).toHaveTextContent('Show Filters')
        expect(button()).toBeEnabled()
        expect(button()).toHaveAttribute('aria-expanded', 'false')
      },
    },
    events: {
      'xstate.done.actor.restoreOpen': ({ event }: Step) => read().resolve(event.output === true),
      'xstate.error.actor.restoreOpen': ({ event }: Step) => read().reject(event.error),
      'drawer.toggle': async () => {
        const opening = button().textContent?.includes('Show')
        await app.user.click(button())
        expect(prefs.writes.at(-1)).toBe(opening)
      },
      'drawer.close': async () => {
        await app.user.click(within(sheet()).getByRole('button', { name: 'Close' }))
        expect(prefs.writes.at(-1)).toBe(false)
      },
      'drawer.swipe': async ({ event }: Step) => {
        const writes = prefs.writes.length
        await swipe(event.distance ?? 0)
        // 50 px is not yet a swipe (SPEC.md §9: more than 50 px).
        expect(prefs.writes.length).toBe((event.distance ?? 0) > 50 ? writes + 1 : writes)
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  setViewport({ width: 390 })
  prefs.reads.length = 0
  prefs.writes.length = 0
  await seedServices(3)
})
afterEach(() => vi.restoreAllMocks())

describe('filter drawer statechart, driving the Services screen on a phone', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(filterDrawerPaths.machine, [{ input: filterDrawerPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/services', { provide: [stubbed] })
      await screen.findByText('Record Count: 3')
      await view.drive(path, drive(app))
    })
  }
})
