import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { WebhookEndpointSnapshot } from '../../../src/areas/webhooks/machines/webhookEndpoint.machine'
import {
  deletedNotice,
  deleteWords,
  endpointName,
  notSwitchedNotice,
  rotateWords,
  savedNotice,
  switchedNotice,
  testFailedNotice,
  testQueuedNotice,
} from '../../../src/areas/webhooks/machines/webhook.messages'
import {
  billingEndpoint,
  ENDPOINT_ID,
  ROTATED_SECRET,
  webhookEndpointPaths,
} from '../../../src/areas/webhooks/paths/webhookEndpoint.paths'
import { oldSecretWords } from '../../../src/areas/webhooks/views/webhookText'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { server } from '../account/profile.support'
import { describePath } from '../describePath'
import { expectNotified } from '../kit/notify.support'
import { viewCoverage } from '../viewCoverage'
import { editDialog, pageButton, renderWebhooks, secretDialog } from './webhooks.support'

const { paths } = buildPaths(webhookEndpointPaths)
const view = viewCoverage(webhookEndpointPaths)

type Step = { event: Record<string, unknown> & { type: string } }
type App = Awaited<ReturnType<typeof renderWebhooks>>

const confirmation = () => screen.queryByRole('alertdialog')
const edit = () => within(editDialog()!)
const reason = (event: Step['event']) => (event.error as Error).message

function drive(app: App) {
  const expectSettings = async (s: WebhookEndpointSnapshot) => {
    const e = s.context.endpoint!
    expect(await screen.findByRole('heading', { level: 1, name: endpointName(e) })).toBeVisible()
    const settings = screen.getByRole('region', { name: 'Settings', hidden: true })
    expect(settings).toHaveTextContent(e.url)
    expect(settings).toHaveTextContent(e.enabled ? 'Enabled' : 'Disabled')
    expect(pageButton(e.enabled ? 'Disable' : 'Enable')).toBeVisible()
  }
  const expectIdle = async (s: WebhookEndpointSnapshot) => {
    await expectSettings(s)
    await waitFor(() => expect(confirmation()).toBeNull())
    expect(editDialog()).toBeNull()
    expect(secretDialog()).toBeNull()
    await waitFor(() => expect(pageButton('Edit')).toBeEnabled())
    const test = pageButton('Send test event')
    if (s.context.endpoint!.enabled) expect(test).toBeEnabled()
    else expect(test).toBeDisabled()
  }
  const expectForm = async (s: WebhookEndpointSnapshot) => {
    await screen.findByRole('dialog', { name: 'Edit endpoint' })
    const f = s.context.fields!
    expect(edit().getByLabelText('URL')).toHaveValue(f.url)
    expect(edit().getByLabelText('Description')).toHaveValue(f.description)
    expect(edit().getByRole('radio', { name: 'All events' })).toHaveAttribute(
      'aria-checked',
      String(f.all),
    )
    const save = edit().getByRole('button', { name: 'Save' })
    if (s.matches('saving')) await waitFor(() => expect(save).toBeDisabled())
    else if (s.can({ type: 'webhook.save' })) expect(save).toBeEnabled()
    else expect(save).toBeDisabled()
    if (s.hasTag('error')) expect(edit().getByText(s.context.error!)).toBeVisible()
  }
  const expectConfirm = async (s: WebhookEndpointSnapshot, busy: boolean) => {
    const words = s.hasTag('rotate') ? rotateWords : deleteWords(s.context.endpoint!)
    const shown = await screen.findByRole('alertdialog', { name: words.title })
    const button = within(shown).getByRole('button', { name: words.action })
    await waitFor(() => (busy ? expect(button).toBeDisabled() : expect(button).toBeEnabled()))
    if (s.hasTag('error'))
      expect(within(shown).getByRole('alert')).toHaveTextContent(s.context.error!)
    else expect(within(shown).queryByRole('alert')).toBeNull()
  }
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading the endpoint…')).toBeVisible()
        expect((await server.last('readWebhook')).args).toEqual([ENDPOINT_ID])
      },
      unavailable: async (s: WebhookEndpointSnapshot) => {
        const alert = await screen.findByRole('alert')
        expect(alert).toHaveTextContent(`The endpoint could not be loaded: ${s.context.error}`)
        expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
      },
      ready: expectIdle,
      'editing.idle': expectForm,
      'editing.rejected': expectForm,
      saving: async (s: WebhookEndpointSnapshot) => {
        expect((await server.last('saveWebhook')).args).toEqual([ENDPOINT_ID, s.context.fields])
        await expectForm(s)
      },
      switching: async (s: WebhookEndpointSnapshot) => {
        const call = await server.last('switchWebhook')
        expect(call.args).toEqual([ENDPOINT_ID, !s.context.endpoint!.enabled])
        await waitFor(() => expect(pageButton('Edit')).toBeDisabled())
      },
      testing: async () => {
        expect((await server.last('sendTest')).args).toEqual([ENDPOINT_ID])
        await waitFor(() => expect(pageButton('Edit')).toBeDisabled())
      },
      'rotate.confirming': (s: WebhookEndpointSnapshot) => expectConfirm(s, false),
      'rotate.failed': (s: WebhookEndpointSnapshot) => expectConfirm(s, false),
      'rotate.rotating': async (s: WebhookEndpointSnapshot) => {
        expect((await server.last('rotateSecret')).args).toEqual([ENDPOINT_ID])
        await expectConfirm(s, true)
      },
      'rotate.shown': async (s: WebhookEndpointSnapshot) => {
        const dialog = await screen.findByRole('dialog', { name: 'New signing secret' })
        expect(within(dialog).getByLabelText('The signing secret')).toHaveTextContent(
          ROTATED_SECRET,
        )
        expect(dialog).toHaveTextContent(oldSecretWords(s.context.endpoint!.rotation?.until))
        expect(dialog).toHaveTextContent("You won't see it again.")
      },
      'remove.confirming': (s: WebhookEndpointSnapshot) => expectConfirm(s, false),
      'remove.failed': (s: WebhookEndpointSnapshot) => expectConfirm(s, false),
      'remove.deleting': async (s: WebhookEndpointSnapshot) => {
        expect((await server.last('deleteWebhook')).args).toEqual([ENDPOINT_ID])
        await expectConfirm(s, true)
      },
      deleted: async () => {
        await waitFor(() => expect(app.pathname()).toBe('/webhooks'))
        expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
      },
    },
    events: {
      'xstate.done.actor.readWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('readWebhook')).resolve(event.output)),
      'xstate.error.actor.readWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('readWebhook')).reject(event.error)),
      'webhook.retry': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'webhook.edit': () => app.user.click(pageButton('Edit')),
      'webhook.url': async ({ event }: Step) => {
        const field = edit().getByLabelText('URL')
        await app.user.clear(field)
        if (event.value) await app.user.type(field, event.value as string)
      },
      'webhook.description': async ({ event }: Step) => {
        const field = edit().getByLabelText('Description')
        await app.user.clear(field)
        await app.user.type(field, event.value as string)
      },
      'webhook.all': () => app.user.click(edit().getByRole('radio', { name: 'All events' })),
      'webhook.event': ({ event }: Step) =>
        app.user.click(edit().getByRole('checkbox', { name: event.eventType as string })),
      'webhook.save': () => app.user.click(edit().getByRole('button', { name: 'Save' })),
      'xstate.done.actor.saveWebhook': async ({ event }: Step) => {
        await act(async () => (await server.last('saveWebhook')).resolve(event.output))
        await expectNotified('status', savedNotice.message)
      },
      'xstate.error.actor.saveWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('saveWebhook')).reject(event.error)),
      'webhook.cancel': () =>
        app.user.click(
          within(editDialog() ?? confirmation()!).getByRole('button', { name: 'Cancel' }),
        ),
      'webhook.switch': () =>
        app.user.click(screen.getByRole('button', { name: /^(Enable|Disable)$/ })),
      'xstate.done.actor.switchWebhook': async ({ event }: Step) => {
        await act(async () => (await server.last('switchWebhook')).resolve(event.output))
        await expectNotified(
          'status',
          switchedNotice(event.output as typeof billingEndpoint).message,
        )
      },
      'xstate.error.actor.switchWebhook': async ({ event }: Step) => {
        const call = await server.last('switchWebhook')
        act(() => call.reject(event.error))
        await expectNotified(
          'alert',
          notSwitchedNotice(call.args[1] as boolean, reason(event)).message,
        )
      },
      'webhook.test': () => app.user.click(pageButton('Send test event')),
      'xstate.done.actor.sendTest': async ({ event }: Step) => {
        await act(async () => (await server.last('sendTest')).resolve(event.output))
        await expectNotified('status', testQueuedNotice.message)
      },
      'xstate.error.actor.sendTest': async ({ event }: Step) => {
        await act(async () => (await server.last('sendTest')).reject(event.error))
        await expectNotified('alert', testFailedNotice(reason(event)).message)
      },
      'webhook.rotate': () => app.user.click(pageButton('Rotate secret')),
      'webhook.delete': () => app.user.click(pageButton('Delete endpoint')),
      'webhook.confirm': () =>
        app.user.click(
          within(confirmation()!).getByRole('button', {
            name: /^(Rotate secret|Delete endpoint)$/,
          }),
        ),
      'xstate.done.actor.rotateSecret': async ({ event }: Step) =>
        act(async () => (await server.last('rotateSecret')).resolve(event.output)),
      'xstate.error.actor.rotateSecret': async ({ event }: Step) =>
        act(async () => (await server.last('rotateSecret')).reject(event.error)),
      'webhook.done': () =>
        app.user.click(within(secretDialog()!).getByRole('button', { name: 'Done' })),
      'xstate.done.actor.deleteWebhook': async () => {
        await act(async () => (await server.last('deleteWebhook')).resolve(undefined))
        await expectNotified('status', deletedNotice(billingEndpoint).message)
      },
      'xstate.error.actor.deleteWebhook': async ({ event }: Step) =>
        act(async () => (await server.last('deleteWebhook')).reject(event.error)),
    },
  }
}

describe("Webhook endpoint statechart, driving an endpoint's page", () => {
  beforeEach(() => server.reset())

  it('takes only steps the production machine takes, and every transition', () => {
    const coverage = coverageOf(webhookEndpointPaths.machine, [
      { input: webhookEndpointPaths.input, paths },
    ])
    expect(coverage.refused).toEqual([])
    expect(coverage.missing).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderWebhooks(`/webhooks/${ENDPOINT_ID}`)
      await view.drive(path, drive(app))
    })
  }
})
