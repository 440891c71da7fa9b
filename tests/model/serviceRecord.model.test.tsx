import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestModel } from 'xstate/graph'
import type { Service } from '../../schema/service'
import { identityDb } from '../../src/data/db/identity'
import {
  serviceRecordMachine,
  type RecordEvent,
  type ServiceRecordSnapshot,
} from '../../src/machines/serviceRecord.machine'
import { ServiceDetail } from '../../src/views/services/detail/ServiceDetail'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { aService, savedService, Signed } from './service.support'

const service = aService()
const renamed = savedService(service, { name: 'Customer Hub' })

const events = [
  { type: 'record.loaded', service },
  { type: 'record.loaded', service: renamed },
  { type: 'record.loaded', service: undefined },
  { type: 'record.failed', error: new Error('The database is closed.') },
] as unknown as RecordEvent[]

const testMachine = asTestMachine(serviceRecordMachine)
const model = createTestModel(testMachine, {
  events,
  input: { id: service.id },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.service?.name ?? null]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
})
const paths = model.getShortestPaths()

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

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
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
      await path.test(drive(db))
    })
  }
})
