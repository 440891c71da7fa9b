import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { aService } from '../../../src/kit/fixtures/service.fixtures'
import {
  activeService as service,
  deletedService,
  deletedServiceLifecyclePaths,
  serviceLifecyclePaths,
} from '../../../src/areas/services/paths/serviceLifecycle.paths'
import type { ServiceLifecycleSnapshot } from '../../../src/areas/services/machines/serviceLifecycle.machine'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server } from '../account/profile.support'
import { renderDetail } from './service.support'

const name = service.name
// Each model with the service its pane opens on (the same id and name, deleted or not).
const models = [
  { model: serviceLifecyclePaths, opened: service },
  { model: deletedServiceLifecyclePaths, opened: deletedService },
].map((m) => ({ ...m, paths: buildPaths(m.model).paths }))
const view = viewCoverage(serviceLifecyclePaths)

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

  it('takes only steps the production machine takes', () => {
    const runs = models.map(({ model, paths }) => ({ input: model.input, paths }))
    expect(coverageOf(serviceLifecyclePaths.machine, runs).refused).toEqual([])
  })

  for (const { model, opened, paths } of models) {
    describe(model.name, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          const app = await renderDetail(opened)
          await view.drive(path, drive(app), model.input)
        })
      }
    })
  }

  it('opens a deleted service with Restore', async () => {
    await renderDetail(aService({ deleted: true }))
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})
