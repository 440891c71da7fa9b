import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromCallback, fromPromise } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { AttentionResults } from '../../../schema/queue'
import {
  queueListMachine,
  type QueueEvent,
  type QueueRead,
  type QueueRequest,
} from '../../../src/areas/queue/machines/queueList.machine'
import { doneNotice } from '../../../src/areas/queue/machines/queueList.messages'
import {
  aMessage,
  attention,
  failedCode,
  sentMail,
} from '../../../src/areas/queue/paths/queueList.paths'
import { selfUser } from '../../setup/fixtures'
import { resetViewport, setViewport } from '../../setup/media'
import { renderApp } from '../../setup/renderApp'

const none: AttentionResults = { locked: [], givenUp: [] }

/** The Queue with a read that answers `read` at once; `acted` hears each action. */
function renderQueue(read: QueueRead, acted: QueueRequest[] = []) {
  const machine = queueListMachine.provide({
    actors: {
      loadQueue: fromPromise(() => Promise.resolve(read)) as never,
      act: fromPromise(({ input }: { input: { request: QueueRequest } }) => {
        acted.push(input.request)
        return Promise.resolve(null)
      }) as never,
      listen: fromCallback<QueueEvent>(() => () => undefined),
    },
  })
  const app = renderApp('/queue', { provide: [machine] })
  app.gates.fetchSelf.resolve(selfUser())
  return { ...app, user: userEvent.setup() }
}

afterEach(() => resetViewport())

describe('Queue screen', () => {
  it('says what appears here when nothing needs staff and no message was sent', async () => {
    renderQueue({ page: { messages: [], cursor: null }, attention: none })
    expect(await screen.findByText('No messages yet.')).toBeVisible()
    expect(
      screen.getByText(/Email and text messages that Gatehouse sends .* appear here/),
    ).toBeVisible()
    expect(screen.getByText(/Nothing needs staff now\./)).toBeVisible()
  })

  it('has no Actions column when no message can be retried or cancelled', async () => {
    renderQueue({ page: { messages: [sentMail], cursor: null }, attention: none })
    const table = await screen.findByRole('table', { name: 'Outbound messages' })
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull()
    expect(within(table).getByRole('columnheader', { name: 'Next attempt' })).toBeVisible()
  })

  it('has an Actions column with Retry and Cancel when a message offers them', async () => {
    renderQueue({ page: { messages: [failedCode, sentMail], cursor: null }, attention: none })
    const table = await screen.findByRole('table', { name: 'Outbound messages' })
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeVisible()
    expect(within(table).getByRole('button', { name: 'Retry SMS to ******4567' })).toBeVisible()
  })

  it('lists locked accounts as a table with a count, and unlocks the checked ones together', async () => {
    const acted: QueueRequest[] = []
    const { user } = renderQueue(
      { page: { messages: [], cursor: null }, attention: { ...attention, givenUp: [] } },
      acted,
    )
    expect(await screen.findByRole('heading', { name: 'Locked accounts (2)' })).toBeVisible()
    const table = screen.getByRole('table', { name: 'Locked accounts' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Name', 'Email', 'Locked since', 'Actions'])
    const ann = within(table).getByRole('row', { name: /Ann Lee/ })
    expect(ann).toHaveTextContent('ann@example.com')
    expect(within(ann).getByRole('button', { name: 'Unlock Ann Lee' })).toBeVisible()
    expect(screen.queryByText(/is locked since/)).toBeNull()

    // No bulk action before a row is checked; one checked offers 'Unlock 1 account'.
    expect(screen.queryByRole('button', { name: /^Unlock \d/ })).toBeNull()
    await user.click(within(ann).getByRole('checkbox', { name: 'Select Ann Lee' }))
    expect(screen.getByRole('button', { name: 'Unlock 1 account' })).toBeVisible()
    await user.click(within(table).getByRole('checkbox', { name: 'Select all locked accounts' }))
    await user.click(screen.getByRole('button', { name: 'Unlock 2 accounts' }))

    // It asks first, then sends one bulk request with both accounts.
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock 2 accounts?' })
    expect(acted).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Unlock 2 accounts' }))
    await waitFor(() =>
      expect(acted).toEqual([{ action: 'unlockSelected', accounts: attention.locked }]),
    )
  })

  it('separates locked accounts on a phone, each with its own actions', async () => {
    setViewport({ width: 390 })
    renderQueue({ page: { messages: [], cursor: null }, attention: { ...attention, givenUp: [] } })
    const list = await screen.findByRole('list', { name: 'Locked accounts' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    // A rule between two accounts (none above the first).
    expect(items[0]!.getAttribute('style') ?? '').not.toContain('border-top')
    expect(items[1]!.getAttribute('style')).toContain('border-top')
    expect(within(items[1]!).getByRole('button', { name: 'Unlock Ann Lee' })).toBeVisible()
    expect(items[1]).toHaveTextContent('Locked since')
  })
})

describe('Queue notices', () => {
  const accounts = attention.locked
  it('counts what a bulk unlock did, and why some were not', () => {
    const request: QueueRequest = { action: 'unlockSelected', accounts }
    expect(doneNotice(request, null).message).toBe('2 accounts were unlocked.')
    expect(
      doneNotice(request, {
        done: [accounts[0]!.id],
        refused: [{ id: accounts[1]!.id, reason: 'not locked' }],
      }).message,
    ).toBe('1 account was unlocked; 1 not (not locked).')
    const none = doneNotice(request, {
      done: [],
      refused: accounts.map((a) => ({ id: a.id, reason: 'not locked' })),
    })
    expect(none).toMatchObject({ variant: 'error' })
    expect(none.message).toContain('No account was unlocked')
  })

  it('formats attempts with thousands separators', async () => {
    renderQueue({
      page: {
        messages: [aMessage('0190a000-0000-7000-8000-00000000f009', { attempts: 1200 })],
        cursor: null,
      },
      attention: none,
    })
    const table = await screen.findByRole('table', { name: 'Outbound messages' })
    expect(within(table).getByText('1,200')).toBeVisible()
  })
})
