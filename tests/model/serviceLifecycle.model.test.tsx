import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestModel } from 'xstate/graph'
import { identityDb } from '../../src/data/db/identity'
import {
  serviceLifecycleMachine,
  type LifecycleEvent,
  type ServiceLifecycleSnapshot,
} from '../../src/machines/serviceLifecycle.machine'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'
import { expectNotified } from './notify.support'
import { refusal, server } from './profile.support'
import { aService, renderDetail, savedService } from './service.support'

const service = aService()
const name = service.name

const events = [
  { type: 'service.delete' },
  { type: 'service.restore' },
  { type: 'service.confirm' },
  { type: 'service.cancel' },
  { type: 'xstate.done.actor.deleteService', output: savedService(service, { deleted: true }) },
  { type: 'xstate.error.actor.deleteService', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'xstate.done.actor.restoreService', output: savedService(service, { deleted: false }) },
  { type: 'xstate.error.actor.restoreService', error: refusal(404, 'There is no such service.') },
] as unknown as LifecycleEvent[]

const testMachine = asTestMachine(serviceLifecycleMachine)
const model = createTestModel(testMachine, {
  events,
  input: { service },
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.deleted, s.context.error]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
})
const paths = model.getShortestPaths()

type Step = { event: { type: string; output?: unknown; error?: unknown } }
type App = Awaited<ReturnType<typeof renderDetail>>

const DIALOGS = {
  delete: { title: `Delete ${name}?`, text: `Are you sure you want to delete ${name}?` },
  restore: { title: `Restore ${name}?`, text: `Are you sure you want to restore ${name}?` },
}
const dialog = () => screen.getByRole('alertdialog')
const inDialog = (label: string) => within(dialog()).getByRole('button', { name: label })

function drive(app: App) {
  const expectPane = async (deleted: boolean) => {
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    if (deleted) {
      expect(await screen.findByRole('button', { name: 'Restore' })).toBeEnabled()
      expect(screen.getByText('Deleted')).toBeVisible()
      // The server refuses edits of a deleted service: no edit icons, no drop zone.
      expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull()
      expect(screen.queryByText('Drop Logo File Here')).toBeNull()
    } else {
      expect(await screen.findByRole('button', { name: 'Delete' })).toBeEnabled()
      expect(screen.queryByText('Deleted')).toBeNull()
      expect(screen.getByRole('button', { name: 'Edit name' })).toBeEnabled()
    }
    expect((await identityDb().services.get(service.id))?.deleted).toBe(deleted)
  }
  const expectDialog = (which: 'delete' | 'restore') => async (s: ServiceLifecycleSnapshot) => {
    const words = DIALOGS[which]
    const open = await screen.findByRole('alertdialog', { name: words.title })
    expect(within(open).getByText(words.text)).toBeVisible()
    expect(within(open).queryByText(/cannot be undone/)).toBeNull()
    const confirm = which === 'delete' ? 'Delete' : 'Restore'
    if (s.hasTag('busy')) {
      await waitFor(() => expect(inDialog(confirm)).toBeDisabled())
      expect(inDialog('Cancel')).toBeDisabled()
    } else {
      expect(inDialog(confirm)).toBeEnabled()
      expect(inDialog('Cancel')).toBeEnabled()
    }
    if (s.hasTag('error'))
      expect(await within(open).findByRole('alert')).toHaveTextContent(s.context.error ?? '—')
    else expect(within(open).queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      active: () => expectPane(false),
      deleted: () => expectPane(true),
      confirmingDelete: expectDialog('delete'),
      deleteFailed: expectDialog('delete'),
      deleting: async (s: ServiceLifecycleSnapshot) => {
        await expectDialog('delete')(s)
        expect((await server.last('deleteService')).args[0]).toBe(service.id)
      },
      confirmingRestore: expectDialog('restore'),
      restoreFailed: expectDialog('restore'),
      restoring: async (s: ServiceLifecycleSnapshot) => {
        await expectDialog('restore')(s)
        expect((await server.last('restoreService')).args[0]).toBe(service.id)
      },
    },
    events: {
      'service.delete': () => app.user.click(screen.getByRole('button', { name: 'Delete' })),
      'service.restore': () => app.user.click(screen.getByRole('button', { name: 'Restore' })),
      'service.confirm': () =>
        app.user.click(within(dialog()).getByRole('button', { name: /^(Delete|Restore)$/ })),
      'service.cancel': () => app.user.click(inDialog('Cancel')),
      'xstate.done.actor.deleteService': async ({ event }: Step) => {
        ;(await server.last('deleteService')).resolve(event.output)
        await expectNotified('status', `${name} was deleted`)
      },
      'xstate.error.actor.deleteService': async ({ event }: Step) => {
        ;(await server.last('deleteService')).reject(event.error)
        await expectNotified('alert', new RegExp(`^${name} was not deleted: \\S`))
      },
      'xstate.done.actor.restoreService': async ({ event }: Step) => {
        ;(await server.last('restoreService')).resolve(event.output)
        await expectNotified('status', `${name} was restored`)
      },
      'xstate.error.actor.restoreService': async ({ event }: Step) => {
        ;(await server.last('restoreService')).reject(event.error)
        await expectNotified('alert', new RegExp(`^${name} was not restored: \\S`))
      },
    },
  }
}

describe('service lifecycle statechart, driving the service detail', () => {
  beforeEach(() => server.reset())

  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderDetail(service)
      await path.test(drive(app))
    })
  }

  it('opens a deleted service with Restore', async () => {
    await renderDetail(aService({ deleted: true }))
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})
