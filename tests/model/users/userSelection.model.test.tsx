import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { ListOptions } from '../../../src/data/lists/options'
import type { ListActor } from '../../../src/kit/machines/list.machine'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { ada, alan, grace } from '../../../src/areas/users/paths/userList.fixtures'
import { userSelectionPaths } from '../../../src/areas/users/paths/userSelection.paths'
import {
  userSelectionMachine,
  type UserSelectionEvent,
  type UserSelectionSnapshot,
} from '../../../src/areas/users/machines/userSelection.machine'
import { seedUsers } from '../../component/users/users.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'

// The cache reads behind the chart: 'all matching' waits for the path's step, and the list's
// changes are told by the path (a filter or a sync batch would send the same event).
const cache = {
  reads: [] as { resolve: (ids: string[]) => void; reject: (error: unknown) => void }[],
  watch: undefined as ((event: UserSelectionEvent) => void) | undefined,
}
const stubbed = userSelectionMachine.provide({
  actors: {
    resolveAll: fromPromise<string[], { options: ListOptions }>(
      () => new Promise<string[]>((resolve, reject) => cache.reads.push({ resolve, reject })),
    ),
    watchMatching: fromCallback<UserSelectionEvent, { list: ListActor }>(({ sendBack }) => {
      cache.watch = sendBack
      return () => {
        if (cache.watch === sendBack) cache.watch = undefined
      }
    }),
  },
})

const { paths } = buildPaths(userSelectionPaths)
const view = viewCoverage(userSelectionPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = {
  event: EventObject & { id?: string; ids?: string[]; output?: string[]; error?: unknown }
}

const NAMES: Record<string, string> = {
  [ada.id]: 'Ada Lovelace',
  [grace.id]: 'Grace Hopper',
  [alan.id]: 'Alan Turing',
}
const box = (id: string) => screen.getByRole('checkbox', { name: `Select ${NAMES[id]}` })
const bar = () => screen.queryByRole('region', { name: 'Selection' })

function expectChecked(s: UserSelectionSnapshot) {
  for (const id of Object.keys(NAMES)) {
    expect(box(id)).toHaveAttribute('aria-checked', s.context.selected[id] ? 'true' : 'false')
  }
}

function drive(app: App) {
  return {
    states: {
      none: async (s: UserSelectionSnapshot) => {
        await waitFor(() => expect(bar()).toBeNull())
        expectChecked(s)
      },
      some: async (s: UserSelectionSnapshot) => {
        await waitFor(() => expect(bar()).toHaveTextContent(`${s.context.count} selected`))
        expectChecked(s)
        expect(within(bar()!).getByRole('button', { name: 'Lock' })).toBeEnabled()
        expect(within(bar()!).getByRole('button', { name: 'Select all 3 matching' })).toBeEnabled()
      },
      resolving: async () => {
        await waitFor(() =>
          expect(within(bar()!).getByRole('button', { name: 'Lock' })).toBeDisabled(),
        )
      },
    },
    events: {
      'selection.toggle': async ({ event }: Step) => {
        await app.user.click(box(event.id!))
      },
      'selection.range': async ({ event }: Step) => {
        await app.user.keyboard('{Shift>}')
        await app.user.click(box(event.id!))
        await app.user.keyboard('{/Shift}')
      },
      'selection.selectAll': async () => {
        await app.user.click(within(bar()!).getByRole('button', { name: 'Select all 3 matching' }))
      },
      'selection.clear': async () => {
        await app.user.click(within(bar()!).getByRole('button', { name: 'Clear selection' }))
      },
      'selection.listChanged': async ({ event }: Step) => {
        await waitFor(() => expect(cache.watch).toBeDefined())
        cache.watch!({ type: 'selection.listChanged', ids: event.ids ?? [] })
      },
      'xstate.done.actor.resolveAll': async ({ event }: Step) => {
        await waitFor(() => expect(cache.reads).toHaveLength(1))
        cache.reads.shift()!.resolve(event.output ?? [])
      },
      'xstate.error.actor.resolveAll': async ({ event }: Step) => {
        await waitFor(() => expect(cache.reads).toHaveLength(1))
        cache.reads.shift()!.reject(event.error)
        await expectNotified('alert', /^The matching users could not be selected: /)
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  cache.reads.length = 0
  cache.watch = undefined
  await seedUsers(3)
})
afterEach(() => vi.restoreAllMocks())

describe('user selection statechart, driving the Users screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(userSelectionPaths.machine, [{ input: userSelectionPaths.input, paths }]).refused,
    ).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/users', { provide: [stubbed] })
      await screen.findByText('Record Count: 3')
      await view.drive(path, drive(app))
    })
  }
})
