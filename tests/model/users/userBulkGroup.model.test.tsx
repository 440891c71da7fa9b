import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import type { Group } from '../../../schema/access'
import type { BulkResults } from '../../../schema/users'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { ada, grace } from '../../../src/areas/users/paths/userList.fixtures'
import { bulkGroups, userBulkGroupPaths } from '../../../src/areas/users/paths/userBulk.paths'
import {
  userBulkMachine,
  type UserBulkAction,
  type UserBulkSnapshot,
} from '../../../src/areas/users/machines/userBulk.machine'
import { seedUsers } from '../../component/users/users.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'

type RunInput = {
  action: UserBulkAction
  ids: readonly string[]
  groupId: string | null
  onProgress: (sent: number) => void
}
type Pending<T, I> = { input: I; resolve: (value: T) => void; reject: (error: unknown) => void }

// The server behind the chart's two effects: each call waits for the path's step.
const server = {
  runs: [] as Pending<BulkResults, RunInput>[],
  reads: [] as Pending<Group[], undefined>[],
}
const stubbed = userBulkMachine.provide({
  actors: {
    runBulk: fromPromise<BulkResults, RunInput>(
      ({ input }) =>
        new Promise<BulkResults>((resolve, reject) => server.runs.push({ input, resolve, reject })),
    ),
    readGroups: fromPromise<Group[]>(
      () =>
        new Promise<Group[]>((resolve, reject) =>
          server.reads.push({ input: undefined, resolve, reject }),
        ),
    ),
  },
})

const { paths } = buildPaths(userBulkGroupPaths)
const view = viewCoverage(userBulkGroupPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: EventObject & { sent?: number; output?: unknown; error?: unknown } }

const TITLE = 'Add 2 users to a group'
const dialog = () => screen.getByRole('dialog', { name: TITLE })
const button = (name: string) => within(dialog()).getByRole('button', { name })
const bar = () => screen.getByRole('region', { name: 'Selection' })
const last = <T,>(calls: T[]) => {
  const call = calls.at(-1)
  if (!call) throw new Error('No call is waiting.')
  return call
}

function drive(app: App) {
  return {
    states: {
      idle: async () => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        expect(within(bar()).getByRole('button', { name: 'Add to group' })).toBeEnabled()
      },
      readingGroups: async () => {
        expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible()
        expect(within(dialog()).getByText('Loading groups…')).toBeVisible()
        expect(button('Add to group')).toBeDisabled()
      },
      confirming: async (s: UserBulkSnapshot) => {
        expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible()
        const pharmacy = within(dialog()).getByRole('radio', { name: /Pharmacy staff/ })
        expect(within(dialog()).getByRole('radio', { name: /Night shift\s*4 members/ })).toBeVisible()
        if (s.context.groupId) {
          expect(pharmacy).toBeChecked()
          expect(button('Add to group')).toBeEnabled()
        } else {
          expect(pharmacy).not.toBeChecked()
          expect(button('Add to group')).toBeDisabled()
        }
        expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      running: async () => {
        await waitFor(() => expect(button('Cancel')).toBeDisabled())
        expect(last(server.runs).input).toMatchObject({
          action: 'add-to-group',
          ids: [ada.id, grace.id],
          groupId: bulkGroups[1]!.id,
        })
        expect(dialog()).toHaveTextContent(/Working… \d of 2 sent\./)
      },
      failed: async (s: UserBulkSnapshot) => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
          'The service is unavailable.',
        )
        const again = s.context.groups === null ? 'Try again' : 'Add to group'
        expect(button(again)).toBeEnabled()
      },
    },
    events: {
      'bulk.choose': async () => {
        await app.user.click(within(bar()).getByRole('button', { name: 'Add to group' }))
      },
      'bulk.pickGroup': async () => {
        await app.user.click(within(dialog()).getByRole('radio', { name: /Pharmacy staff/ }))
      },
      'bulk.confirm': async () => {
        const name = within(dialog()).queryByRole('button', { name: 'Try again' })
          ? 'Try again'
          : 'Add to group'
        await app.user.click(button(name))
      },
      'bulk.cancel': async () => {
        await app.user.click(button('Cancel'))
      },
      'bulk.progress': async ({ event }: Step) => {
        last(server.runs).input.onProgress(event.sent ?? 0)
        await waitFor(() => expect(dialog()).toHaveTextContent(`Working… ${event.sent} of 2 sent.`))
      },
      'xstate.done.actor.readGroups': async ({ event }: Step) => {
        last(server.reads).resolve(event.output as Group[])
        await within(dialog()).findByRole('radio', { name: /Pharmacy staff/ })
      },
      'xstate.error.actor.readGroups': async ({ event }: Step) => {
        last(server.reads).reject(event.error)
        // The dialog says why; no notice for a read.
        await within(dialog()).findByRole('alert')
      },
      'xstate.done.actor.runBulk': async ({ event }: Step) => {
        last(server.runs).resolve(event.output as BulkResults)
        await expectNotified('status', 'Added 1 user to Pharmacy staff.')
        await expectNotified('alert', '1 refused: already a member.')
        await waitFor(() => expect(app.sync.pulls).toContainEqual(['users']))
      },
      'xstate.error.actor.runBulk': async ({ event }: Step) => {
        last(server.runs).reject(event.error)
        await expectNotified('alert', 'Add to group failed: The service is unavailable.')
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  server.runs.length = 0
  server.reads.length = 0
  await seedUsers(3)
})
afterEach(() => vi.restoreAllMocks())

describe('user bulk statechart, group actions, driving the Users screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(userBulkGroupPaths.machine, [{ input: userBulkGroupPaths.input, paths }]).refused,
    ).toEqual([])
  })

  it('offers the group actions only with users.access', async () => {
    const permissions = selfUser().permissions.filter((p) => p !== 'users.access')
    const app = await renderSignedIn(selfUser({ permissions }), '/users', { provide: [stubbed] })
    await screen.findByText('Record Count: 3')
    await app.user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }))
    expect(within(bar()).getByRole('button', { name: 'Lock' })).toBeEnabled()
    expect(within(bar()).queryByRole('button', { name: 'Add to group' })).toBeNull()
    expect(within(bar()).queryByRole('button', { name: 'Remove from group' })).toBeNull()
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedIn(selfUser(), '/users', { provide: [stubbed] })
      await screen.findByText('Record Count: 3')
      // The paths act on Ada and Grace: the person checks both first.
      await app.user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }))
      await app.user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }))
      await view.drive(path, drive(app))
    })
  }
})
