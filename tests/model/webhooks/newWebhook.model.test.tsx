import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { NewWebhookSnapshot } from '../../../src/areas/webhooks/machines/newWebhook.machine'
import { newWebhookPaths, WEBHOOK_SECRET } from '../../../src/areas/webhooks/paths/newWebhook.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { server } from '../account/profile.support'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { addDialog, renderWebhooks, secretDialog } from './webhooks.support'

const { paths } = buildPaths(newWebhookPaths)
const view = viewCoverage(newWebhookPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderWebhooks>>

const form = () => within(addDialog()!)

function drive(app: App) {
  const expectForm = async (s: NewWebhookSnapshot) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' })
    const f = s.context.fields
    const inside = within(dialog)
    expect(inside.getByLabelText('URL')).toHaveValue(f.url)
    expect(inside.getByLabelText('Description')).toHaveValue(f.description)
    expect(inside.getByRole('radio', { name: 'All events' })).toHaveAttribute(
      'aria-checked',
      String(f.all),
    )
    if (!f.all)
      expect(inside.getByRole('checkbox', { name: 'user.created' })).toHaveAttribute(
        'aria-checked',
        String(f.events.includes('user.created')),
      )
    else expect(inside.queryByRole('checkbox', { name: 'user.created' })).toBeNull()
    const add = inside.getByRole('button', { name: 'Add' })
    await waitFor(() =>
      s.can({ type: 'newWebhook.create' }) ? expect(add).toBeEnabled() : expect(add).toBeDisabled(),
    )
    // The server's refusal of the URL shows under the URL field.
    if (s.hasTag('error')) expect(inside.getByText(s.context.error!)).toBeVisible()
  }
  return {
    states: {
      closed: async () => {
        await waitFor(() => expect(addDialog()).toBeNull())
        expect(secretDialog()).toBeNull()
        expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeEnabled()
      },
      'editing.idle': expectForm,
      'editing.rejected': expectForm,
      creating: async (s: NewWebhookSnapshot) => {
        const call = await server.last('createWebhook')
        expect(call.args).toEqual([s.context.fields])
        await waitFor(() => expect(form().getByRole('button', { name: 'Add' })).toBeDisabled())
      },
      shown: async () => {
        const dialog = await screen.findByRole('dialog', { name: 'Endpoint “Audit archive” added' })
        expect(within(dialog).getByLabelText('The signing secret')).toHaveTextContent(
          WEBHOOK_SECRET,
        )
        expect(dialog).toHaveTextContent("Copy this secret now. You won't see it again.")
        expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled()
      },
    },
    events: {
      'newWebhook.open': () => app.user.click(screen.getByRole('button', { name: 'Add endpoint' })),
      'newWebhook.cancel': () => app.user.click(form().getByRole('button', { name: 'Cancel' })),
      'newWebhook.url': async ({ event }: Step) => {
        const field = form().getByLabelText('URL')
        await app.user.clear(field)
        if (event.value) await app.user.type(field, event.value as string)
      },
      'newWebhook.description': ({ event }: Step) =>
        app.user.type(form().getByLabelText('Description'), event.value as string),
      'newWebhook.all': ({ event }: Step) =>
        app.user.click(
          form().getByRole('radio', { name: event.on ? 'All events' : 'Choose events' }),
        ),
      'newWebhook.event': ({ event }: Step) =>
        app.user.click(form().getByRole('checkbox', { name: event.eventType as string })),
      'newWebhook.enabled': () =>
        app.user.click(form().getByRole('checkbox', { name: /^Enabled/ })),
      'newWebhook.create': () => app.user.click(form().getByRole('button', { name: 'Add' })),
      'xstate.done.actor.createWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('createWebhook')).resolve(event.output)),
      'xstate.error.actor.createWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('createWebhook')).reject(event.error)),
      'newWebhook.done': async () => {
        await app.user.click(within(secretDialog()!).getByRole('button', { name: 'Done' }))
      },
    },
  }
}

describe('Add endpoint statechart, driving the Webhooks screen', () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(newWebhookPaths.machine, [{ input: undefined, paths }])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderWebhooks()
      await act(async () => (await server.last('listWebhooks')).resolve([]))
      await view.drive(path, drive(app))
    })
  }
})
