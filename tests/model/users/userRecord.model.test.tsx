import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../schema/user'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { recordUser as shown, userRecordPaths } from '../../../src/areas/users/paths/userRecord.paths'
import type { UserRecordSnapshot } from '../../../src/areas/users/machines/userRecord.machine'
import { UserDetail } from '../../../src/areas/users/views/detail/UserDetail'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { Signed } from '../services/service.support'
import { quietTimeline } from './userDetail.support'

const { paths } = buildPaths(userRecordPaths)
const view = viewCoverage(userRecordPaths)

type Step = { event: { type: string; user?: User } }
type Read = { resolve: (row: User | undefined) => void; reject: (error: unknown) => void }

/**
 * The cache as the pane reads it: the first read waits for the path's first step (so that
 * 'loading' can be seen); later steps write the row, or make the next read fail.
 */
function cache() {
  const table = identityDb().users
  const realGet = table.get.bind(table) as (id: string) => Promise<User | undefined>
  let first: Read | undefined
  let failNext = false
  vi.spyOn(table, 'get').mockImplementation(((id: string) => {
    if (failNext) return Promise.reject(new Error('The database is closed.'))
    if (!first) {
      // Read for real (so that the live query watches the row), answer what the step says.
      const read = realGet(id)
      return new Promise((resolve, reject) => {
        first = { resolve: (row) => void read.then(() => resolve(row)), reject }
      })
    }
    return realGet(id)
  }) as never)
  return {
    write: async (row: User | undefined) => {
      if (row) await table.put(row)
      else await table.delete(shown.id)
    },
    settleFirst: (row: User | undefined) => first?.resolve(row),
    failFirst: () => first?.reject(new Error('The database is closed.')),
    failNext: async () => {
      failNext = true
      // Any write to the row wakes the live read, which then fails.
      await table.put(shown)
    },
  }
}

function drive(db: ReturnType<typeof cache>) {
  let settled = false
  return {
    states: {
      'watching.loading': async () => {
        expect(await screen.findByText('Loading user…')).toBeVisible()
      },
      'watching.found': async (s: UserRecordSnapshot) => {
        expect(
          await screen.findByRole('heading', {
            name: `${s.context.user?.nameFirst} ${s.context.user?.nameLast}`,
            level: 2,
          }),
        ).toBeVisible()
        expect(screen.queryByText(/User not found/)).toBeNull()
      },
      'watching.missing': async () => {
        expect(await screen.findByText(/User not found/)).toBeVisible()
        expect(screen.queryByRole('heading', { level: 2 })).toBeNull()
      },
      failed: async () => {
        expect(await screen.findByText(/could not be read/)).toBeVisible()
      },
    },
    events: {
      'record.loaded': async ({ event }: Step) => {
        if (!settled) db.settleFirst(event.user)
        else await db.write(event.user)
        settled = true
      },
      'record.failed': async () => {
        if (!settled) db.failFirst()
        else await db.failNext()
        settled = true
      },
    },
  }
}

describe('user record statechart, driving the user detail from the cache', () => {
  afterEach(async () => {
    vi.restoreAllMocks()
    await identityDb().users.clear()
  })

  it('takes only steps the production machine takes', () => {
    const model = userRecordPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await identityDb().users.clear()
      const db = cache()
      render(
        <Signed provide={[quietTimeline]}>
          <UserDetail id={shown.id} />
        </Signed>,
      )
      await view.drive(path, drive(db))
    })
  }
})
