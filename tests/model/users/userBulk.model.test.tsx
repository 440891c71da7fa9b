import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import type { BulkResults } from '../../../schema/users'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { ada, grace } from '../../../src/areas/users/paths/userList.fixtures'
import { userBulkPaths } from '../../../src/areas/users/paths/userBulk.paths'
import {
  userBulkMachine,
  type UserBulkAction,
} from '../../../src/areas/users/machines/userBulk.machine'
import { seedUsers } from '../../component/users/users.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'

type Call = {
  input: {
    action: UserBulkAction
    ids: readonly string[]
    groupId: string | null
    onProgress: (sent: number) => void
  }
  resolve: (results: BulkResults) => void
  reject: (error: unknown) => void
}
// The server behind the chart's runBulk: each call waits for the path's step.
const server = { calls: [] as Call[] }
const stubbed = userBulkMachine.provide({
  actors: {
    runBulk: fromPromise<BulkResults, Call['input']>(
      ({ input }) =>
        new Promise<BulkResults>((resolve, reject) =>
          server.calls.push({ input, resolve, reject }),
        ),
    ),
  },
})

const { paths } = buildPaths(userBulkPaths)
const view = viewCoverage(userBulkPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: EventObject & { sent?: number; output?: BulkResults; error?: unknown } }

const dialog = () => screen.getByRole('alertdialog', { name: 'Lock 2 users?' })
const button = (name: string) => within(dialog()).getByRole('button', { name })
const bar = () => screen.getByRole('region', { name: 'Selection' })
const lastCall = () => {
  const call = server.calls.at(-1)
  if (!call) throw new Error('No bulk call is waiting.')
  return call
}

function drive(app: App) {
  return {
    states: {
      idle: async () => {
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
        expect(within(bar()).getByRole('button', { name: 'Lock' })).toBeEnabled()
      },
      confirming: async () => {
        expect(await screen.findByRole('alertdialog', { name: 'Lock 2 users?' })).toBeVisible()
        expect(button('Lock')).toBeEnabled()
        expect(button('Cancel')).toBeEnabled()
        expect(within(dialog()).queryByRole('alert')).toBeNull()
      },
      running: async () => {
        await waitFor(() => expect(button('Cancel')).toBeDisabled())
        expect(lastCall().input).toMatchObject({ action: 'lock', ids: [ada.id, grace.id] })
        expect(dialog()).toHaveTextContent(/Working… \d of 2 sent\./)
      },
      failed: async () => {
        expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
          'The service is unavailable.',
        )
        expect(button('Lock')).toBeEnabled()
      },
    },
    events: {
      'bulk.choose': async () => {
        await app.user.click(within(bar()).getByRole('button', { name: 'Lock' }))
      },
      'bulk.confirm': async () => {
        await app.user.click(button('Lock'))
      },
      'bulk.cancel': async () => {
        await app.user.click(button('Cancel'))
      },
      'bulk.progress': async ({ event }: Step) => {
        lastCall().input.onProgress(event.sent ?? 0)
        await waitFor(() => expect(dialog()).toHaveTextContent(`Working… ${event.sent} of 2 sent.`))
      },
      'xstate.done.actor.runBulk': async ({ event }: Step) => {
        lastCall().resolve(event.output!)
        await expectNotified('status', 'Locked 1 user.')
        await expectNotified('alert', '1 refused: your own account.')
        await waitFor(() => expect(app.sync.pulls).toContainEqual(['users']))
      },
      'xstate.error.actor.runBulk': async ({ event }: Step) => {
        lastCall().reject(event.error)
        await expectNotified('alert', 'Lock failed: The service is unavailable.')
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  server.calls.length = 0
  await seedUsers(3)
})
afterEach(() => vi.restoreAllMocks())

describe('user bulk statechart, driving the Users screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(userBulkPaths.machine, [{ input: userBulkPaths.input, paths }]).refused,
    ).toEqual([])
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
