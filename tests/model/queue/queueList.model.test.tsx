import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { listenForTopics, tellTopics } from '../../../src/data/sync/topics'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { queueListPaths } from '../../../src/areas/queue/paths/queueList.paths'
import {
  queueListMachine,
  type QueueEvent,
  type QueueListSnapshot,
  type QueueRequest,
} from '../../../src/areas/queue/machines/queueList.machine'
import {
  confirmWords,
  doneNotice,
  failedNotice,
} from '../../../src/areas/queue/machines/queueList.messages'
import { selfUser } from '../../setup/fixtures'
import { renderApp } from '../../setup/renderApp'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'
import { expectNotified } from '../kit/notify.support'
import { server, stubbed } from '../account/profile.support'

const { paths } = buildPaths(queueListPaths)
const view = viewCoverage(queueListPaths)

type Step = { event: { type: string; output?: unknown; error?: unknown; request?: unknown } }
type App = ReturnType<typeof renderApp> & { user: ReturnType<typeof userEvent.setup> }

// The real listener on the console's one change stream, told at once instead of after a second.
const stubbedQueue = queueListMachine.provide({
  actors: {
    loadQueue: stubbed('loadQueue', (input: { filter: unknown }) => [input.filter]) as never,
    loadMore: stubbed('loadMore', (input: { filter: unknown; before: string | null }) => [
      input.filter,
      input.before,
    ]) as never,
    act: stubbed('act', (input: { request: QueueRequest }) => [input.request]) as never,
    listen: fromCallback<QueueEvent>(({ sendBack }) =>
      listenForTopics(['outbox'], () => sendBack({ type: 'queue.changed' }), 0),
    ),
  },
})

/** Waits until the newest call of `name` was sent these arguments. */
async function lastCallWith(name: string, args: unknown[]) {
  await waitFor(() =>
    expect(server.calls.filter((c) => c.name === name).at(-1)?.args).toEqual(args),
  )
}

/**
 * The filter the screen shows. The model leaves the filter out of what tells states apart (a path
 * reaching a state may have chosen it or not), so the calls are checked against the screen.
 */
const shownFilter = () => ({
  status:
    screen.getByRole('combobox', { name: 'Status', hidden: true }).textContent === 'All statuses'
      ? 'all'
      : 'failed',
  channel: 'all',
})

const outbound = () => screen.queryByRole('table', { name: 'Outbound messages', hidden: true })
/** The screen's own message (a notification is an alert too). */
const pageAlert = () =>
  screen
    .queryAllByRole('alert', { hidden: true })
    .find((alert) => !alert.closest('[data-notification]'))
const dialog = () => screen.queryByRole('alertdialog')

function drive(app: App) {
  const expectList = async (s: QueueListSnapshot) => {
    const { messages, error, cursor } = s.context
    if (messages.length === 0 || s.matches('loading')) expect(outbound()).toBeNull()
    else {
      await waitFor(() =>
        // The header row, then a row per message.
        expect(within(outbound()!).getAllByRole('row', { hidden: true })).toHaveLength(
          messages.length + 1,
        ),
      )
      messages.forEach((m) =>
        expect(within(outbound()!).getAllByText(m.recipient, { exact: false }).length).toBe(
          messages.filter((other) => other.recipient === m.recipient).length,
        ),
      )
    }
    if (!s.matches('loading') && s.context.attention.locked.length > 0) {
      // Needs staff: a table of the locked accounts with a checkbox each, and the count.
      expect(
        screen.getByRole('heading', { name: 'Locked accounts (2)', hidden: true }),
      ).toBeInTheDocument()
      const locked = screen.getByRole('table', { name: 'Locked accounts', hidden: true })
      for (const account of s.context.attention.locked) {
        const row = within(locked).getByRole('row', {
          name: new RegExp(account.name),
          hidden: true,
        })
        expect(row).toHaveTextContent(account.email)
        const box = within(row).getByRole('checkbox', {
          name: `Select ${account.name}`,
          hidden: true,
        })
        await waitFor(() =>
          expect(box).toHaveAttribute(
            'aria-checked',
            String(s.context.selected.includes(account.id)),
          ),
        )
      }
      const bulk = screen.queryByRole('button', { name: /^Unlock \d+ accounts?$/, hidden: true })
      if (s.context.selected.length > 0)
        expect(bulk).toHaveTextContent(`Unlock ${s.context.selected.length} accounts`)
      else expect(bulk).toBeNull()
      expect(
        screen.getByRole('table', { name: 'Messages that gave up', hidden: true }),
      ).toHaveTextContent('Your invitation')
    }
    if (error) await waitFor(() => expect(pageAlert()).toHaveTextContent(error))
    else await waitFor(() => expect(pageAlert()).toBeUndefined())
    const older = screen.queryByRole('button', { name: 'Load older', hidden: true })
    if (cursor !== null && messages.length > 0 && !s.matches('loading')) {
      expect(older).not.toBeNull()
      if (s.can({ type: 'queue.loadMore' })) await waitFor(() => expect(older).toBeEnabled())
      else await waitFor(() => expect(older).toBeDisabled())
    } else expect(older).toBeNull()
    if (s.hasTag('refreshing')) expect(await screen.findByLabelText('Updating')).toBeVisible()
    else await waitFor(() => expect(screen.queryByLabelText('Updating')).toBeNull())
  }
  const expectNoDialog = () => waitFor(() => expect(dialog()).toBeNull())
  const expectDialog = async (request: QueueRequest, busy: boolean) => {
    const words = confirmWords(request)
    const shown = await screen.findByRole('alertdialog', { name: words.title })
    const confirm = within(shown).getByRole('button', { name: words.action })
    if (busy) await waitFor(() => expect(confirm).toBeDisabled())
    else await waitFor(() => expect(confirm).toBeEnabled())
  }
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const call = await server.last(name)
    await act(async () => {
      if (how === 'resolve') call.resolve(value)
      else call.reject(value)
      await Promise.resolve()
    })
  }
  return {
    states: {
      loading: async () => {
        expect(await screen.findByText('Loading the queue…')).toBeVisible()
        await lastCallWith('loadQueue', [shownFilter()])
      },
      failed: async (s: QueueListSnapshot) => {
        await expectList(s)
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
        expect(pageAlert()).toHaveTextContent('The queue could not be loaded')
      },
      ready: async (s: QueueListSnapshot) => {
        await expectList(s)
        await expectNoDialog()
      },
      refreshing: async (s: QueueListSnapshot) => {
        await expectList(s)
        await lastCallWith('loadQueue', [shownFilter()])
      },
      loadingMore: async (s: QueueListSnapshot) => {
        await expectList(s)
        await lastCallWith('loadMore', [shownFilter(), s.context.cursor])
      },
      confirming: async (s: QueueListSnapshot) => expectDialog(s.context.request!, false),
      acting: async (s: QueueListSnapshot) => {
        const request = s.context.request!
        await lastCallWith('act', [request])
        if (request.action === 'retry') {
          await expectNoDialog()
          await waitFor(() =>
            expect(
              screen.getByRole('button', { name: `Retry SMS to ${request.message.recipient}` }),
            ).toBeDisabled(),
          )
        } else await expectDialog(request, true)
      },
    },
    events: {
      'queue.filter': async () => {
        await app.user.click(screen.getByRole('combobox', { name: 'Status' }))
        await app.user.click(await screen.findByRole('option', { name: 'Failed, will retry' }))
      },
      'queue.reload': () => app.user.click(screen.getByRole('button', { name: 'Retry' })),
      'queue.loadMore': () => app.user.click(screen.getByRole('button', { name: 'Load older' })),
      'queue.changed': async () => {
        // The console's change stream names the outbox; the screen hears it on the next turn.
        await act(async () => {
          tellTopics(['outbox'])
          await new Promise((resolve) => setTimeout(resolve, 5))
        })
      },
      'queue.request': async ({ event }: Step) => {
        const { request } = event as { request: QueueRequest }
        const name =
          request.action === 'unlockSelected'
            ? `Unlock ${request.accounts.length} accounts`
            : request.action === 'unlock'
              ? `Unlock ${request.account.name}`
              : `${request.action === 'retry' ? 'Retry' : 'Cancel'} SMS to ${request.message.recipient}`
        await app.user.click(screen.getByRole('button', { name }))
      },
      'queue.select': () =>
        app.user.click(screen.getByRole('checkbox', { name: 'Select all locked accounts' })),
      'queue.confirm': async () => {
        const shown = dialog()!
        const title = within(shown).getByRole('heading').textContent ?? ''
        // 'Unlock 2 accounts?' confirms with 'Unlock 2 accounts', 'Unlock Bob Stone?' with 'Unlock'.
        const action = /^Unlock \d/.test(title)
          ? title.slice(0, -1)
          : title.startsWith('Unlock')
            ? 'Unlock'
            : 'Cancel message'
        await app.user.click(within(shown).getByRole('button', { name: action }))
      },
      'queue.dismiss': () =>
        app.user.click(within(dialog()!).getByRole('button', { name: 'Cancel' })),
      'xstate.done.actor.loadQueue': ({ event }: Step) =>
        settle('loadQueue', 'resolve', event.output),
      'xstate.error.actor.loadQueue': ({ event }: Step) =>
        settle('loadQueue', 'reject', event.error),
      'xstate.done.actor.refresh': ({ event }: Step) =>
        settle('loadQueue', 'resolve', event.output),
      'xstate.error.actor.refresh': ({ event }: Step) => settle('loadQueue', 'reject', event.error),
      'xstate.done.actor.loadMore': ({ event }: Step) =>
        settle('loadMore', 'resolve', event.output),
      'xstate.error.actor.loadMore': ({ event }: Step) => settle('loadMore', 'reject', event.error),
      'xstate.done.actor.act': async () => {
        const [request] = (await server.last('act')).args as [QueueRequest]
        await settle('act', 'resolve', undefined)
        await expectNotified('status', doneNotice(request).message)
      },
      'xstate.error.actor.act': async ({ event }: Step) => {
        const [request] = (await server.last('act')).args as [QueueRequest]
        await settle('act', 'reject', event.error)
        const reason = (event.error as Error).message
        await expectNotified('alert', failedNotice(request, reason).message)
      },
    },
  }
}

describe('Queue statechart, driving the Queue screen', () => {
  it('takes only steps the production machine takes, and every transition', () => {
    const model = queueListPaths
    const coverage = coverageOf(model.machine, [{ input: model.input, paths }])
    expect(coverage.refused).toEqual([])
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      server.reset()
      const app = renderApp('/queue', { provide: [stubbedQueue] })
      app.gates.fetchSelf.resolve(selfUser())
      await screen.findByRole('heading', { name: 'Queue', level: 1 })
      await view.drive(path, drive({ ...app, user: userEvent.setup() }))
    })
  }
})
