import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, type EventObject } from 'xstate'
import type { ListOptions } from '../../../src/data/lists/options'
import type { ListRow } from '../../../src/kit/machines/list.machine'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { userExportPaths } from '../../../src/areas/users/paths/userExport.paths'
import { userExportMachine } from '../../../src/areas/users/machines/userExport.machine'
import { seedUsers } from '../../component/users/users.support'
import { tallElements } from '../../component/sessions/sessions.support'
import { selfUser } from '../../setup/fixtures'
import { renderSignedIn } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'

// The cache read behind the chart waits for the path's step; the download is caught as a Blob.
const cache = {
  reads: [] as { resolve: (rows: ListRow[]) => void; reject: (error: unknown) => void }[],
}
const stubbed = userExportMachine.provide({
  actors: {
    readMatching: fromPromise<ListRow[], { options: ListOptions }>(
      () => new Promise<ListRow[]>((resolve, reject) => cache.reads.push({ resolve, reject })),
    ),
  },
})
const downloads: Blob[] = []

const { paths } = buildPaths(userExportPaths)
const view = viewCoverage(userExportPaths)

type App = Awaited<ReturnType<typeof renderSignedIn>>
type Step = { event: EventObject & { output?: ListRow[]; error?: unknown } }

const button = () => screen.getByRole('button', { name: 'Export CSV' })

function drive(app: App) {
  return {
    states: {
      idle: async () => {
        await waitFor(() => expect(button()).toBeEnabled())
      },
      reading: async () => {
        await waitFor(() => expect(button()).toBeDisabled())
      },
    },
    events: {
      'export.start': async () => {
        await app.user.click(button())
      },
      'xstate.done.actor.readMatching': async ({ event }: Step) => {
        cache.reads.shift()!.resolve(event.output ?? [])
        await waitFor(() => expect(downloads).toHaveLength(1))
        const lines = (await downloads[0]!.text()).split('\r\n')
        expect(lines[0]).toBe(
          'id,lastName,firstName,email,phone,type,status,twoFactor,passkeys,lastSignIn,createdAt',
        )
        expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual([
          'Hopper',
          'Lovelace',
          'Turing',
        ])
      },
      'xstate.error.actor.readMatching': async ({ event }: Step) => {
        cache.reads.shift()!.reject(event.error)
        await expectNotified('alert', /^users\.csv was not exported: /)
      },
    },
  }
}

beforeEach(async () => {
  tallElements(2000)
  cache.reads.length = 0
  downloads.length = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    downloads.push(blob as Blob)
    return 'blob:users'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  await seedUsers(3)
})
afterEach(() => vi.restoreAllMocks())

describe('user export statechart, driving the Users screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(userExportPaths.machine, [{ input: userExportPaths.input, paths }]).refused,
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
