import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import type { ListType } from '../../../src/data/lists/listTypes'
import { loadListOptions, type ListOptions } from '../../../src/data/lists/options'
import { listOptionsPaths } from '../../../src/kit/paths/listOptions.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { listMachine } from '../../../src/kit/machines/list.machine'
import { seedServices, service } from '../../component/services/serviceList.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

// The Services list's saved options: the list waits for the path's step to hand them over.
const store = { restores: [] as ((options: ListOptions) => void)[] }
const stubbed = listMachine.provide({
  actors: {
    restoreOptions: fromPromise<ListOptions, { type: ListType }>(({ input }) =>
      input.type === 'services'
        ? new Promise<ListOptions>((resolve) => store.restores.push(resolve))
        : Promise.resolve(loadListOptions(input.type)),
    ),
  },
})

const { paths } = buildPaths(listOptionsPaths)
const view = viewCoverage(listOptionsPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: EventObject & { options?: ListOptions } }

const filters = () => screen.getByRole('region', { name: 'Filters' })
const toggleButton = () => screen.getByRole('button', { name: /^Hide Filters/ })
const badge = () => toggleButton().querySelector('.rt-Badge')?.textContent ?? null
const showDeleted = () => within(filters()).getByRole('switch', { name: 'Show Deleted' })
const direction = () => within(filters()).getByRole('combobox', { name: 'Direction' })
const reset = () => within(filters()).getByRole('button', { name: 'Reset Filters' })

function drive(app: App) {
  let state = 'restoring'
  const pickDirection = async (name: 'Ascending' | 'Descending') => {
    await app.user.click(direction())
    await app.user.click(await screen.findByRole('option', { name }))
  }
  return {
    states: {
      restoring: () => {
        state = 'restoring'
        expect(badge()).toBeNull()
        expect(reset()).toBeDisabled()
        expect(showDeleted()).toBeDisabled()
      },
      defaults: async () => {
        state = 'defaults'
        await waitFor(() => expect(badge()).toBeNull())
        expect(toggleButton()).toHaveAccessibleName('Hide Filters')
        expect(reset()).toBeDisabled()
        expect(showDeleted()).not.toBeChecked()
        expect(direction()).toHaveTextContent('Descending')
        expect(await screen.findByText('Record Count: 2')).toBeVisible()
      },
      changed: async () => {
        state = 'changed'
        await waitFor(() => expect(badge()).toMatch(/^[12]$/))
        expect(toggleButton()).toHaveAccessibleName(`Hide Filters (${badge()} changed)`)
        expect(reset()).toBeEnabled()
        expect(showDeleted()).toBeChecked()
        expect(await screen.findByText('Record Count: 3')).toBeVisible()
      },
      resetting: () => {
        state = 'resetting'
        expect(reset()).toBeDisabled()
      },
    },
    events: {
      // What the list applies: the saved options at first, then the person's changes.
      'options.listed': async ({ event }: Step) => {
        const wanted = event.options!
        if (state === 'restoring') return store.restores.shift()!(wanted)
        // A reset is under way: the list applies each default by itself as the chart asks for it,
        // the sort first (one default applied, the next asked for), then Show Deleted.
        if (state === 'resetting') return
        if (state === 'changed' && wanted.filters.showDeleted) {
          // Still changed, differently: the direction flips; Show Deleted stays on.
          const now = direction().textContent
          return pickDirection(now === 'Descending' ? 'Ascending' : 'Descending')
        }
        if (showDeleted().getAttribute('aria-checked') !== String(wanted.filters.showDeleted)) {
          await app.user.click(showDeleted())
        }
        const wantedDirection = wanted.sort.direction === 'asc' ? 'Ascending' : 'Descending'
        if (direction().textContent !== wantedDirection) await pickDirection(wantedDirection)
      },
      'options.reset': async () => {
        await app.user.click(reset())
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  store.restores.length = 0
  // The drawer starts open, so that the filters are on screen.
  localStorage.setItem('gatehouse.filterDrawer', 'open')
  await seedServices(2, [service(9, { name: 'Gone', deleted: true })])
})
afterEach(() => vi.restoreAllMocks())

describe('list options statechart, driving the Services filters', () => {
  it('takes only steps the production machine takes', () => {
    const model = listOptionsPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/services', { provide: [stubbed] })
      await screen.findByRole('region', { name: 'Filters' })
      await view.drive(path, drive(app))
    })
  }
})
