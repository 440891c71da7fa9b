import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Service } from '../../../schema/service'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  recordService as service,
  serviceRecordPaths,
} from '../../../src/areas/services/paths/serviceRecord.paths'
import type { ServiceRecordSnapshot } from '../../../src/areas/services/machines/serviceRecord.machine'
import { ServiceDetail } from '../../../src/areas/services/views/detail/ServiceDetail'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { Signed } from './service.support'

const { paths } = buildPaths(serviceRecordPaths)
const view = viewCoverage(serviceRecordPaths)

type Step = { event: { type: string; service?: Service } }
type Read = { resolve: (row: Service | undefined) => void; reject: (error: unknown) => void }

/**
 * The cache as the pane reads it: the first read waits for the path's first step (so that
 * 'loading' can be seen); later steps write the row, or make the next read fail.
 */
function cache() {
  const table = identityDb().services
  const realGet = table.get.bind(table) as (id: string) => Promise<Service | undefined>
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
    write: async (row: Service | undefined) => {
      if (row) await table.put(row)
      else await table.delete(service.id)
    },
    settleFirst: (row: Service | undefined) => first?.resolve(row),
    failFirst: () => first?.reject(new Error('The database is closed.')),
    failNext: async () => {
      failNext = true
      // Any write to the row wakes the live read, which then fails.
      await table.put(service)
    },
  }
}

function drive(db: ReturnType<typeof cache>) {
  let settled = false
  return {
    states: {
      'watching.loading': async () => {
        expect(await screen.findByText('Loading service…')).toBeVisible()
      },
      'watching.found': async (s: ServiceRecordSnapshot) => {
        expect(
          await screen.findByRole('heading', { name: s.context.service?.name, level: 2 }),
        ).toBeVisible()
        expect(screen.queryByText(/Service not found/)).toBeNull()
      },
      'watching.missing': async () => {
        expect(await screen.findByText(/Service not found/)).toBeVisible()
        expect(screen.queryByRole('heading', { level: 2 })).toBeNull()
      },
      failed: async () => {
        expect(await screen.findByText(/could not be read/)).toBeVisible()
      },
    },
    events: {
      'record.loaded': async ({ event }: Step) => {
        if (!settled) db.settleFirst(event.service)
        else await db.write(event.service)
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

describe('service record statechart, driving the detail pane from the cache', () => {
  afterEach(async () => {
    vi.restoreAllMocks()
    await identityDb().services.clear()
  })

  it('takes only steps the production machine takes', () => {
    const model = serviceRecordPaths
    expect(coverageOf(model.machine, [{ input: model.input, paths }]).refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      await identityDb().services.clear()
      const db = cache()
      render(
        <Signed>
          <ServiceDetail id={service.id} />
        </Signed>,
      )
      await view.drive(path, drive(db))
    })
  }
})
