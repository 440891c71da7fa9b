import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../../schema/session'
import { identityDb } from '../../../src/data/db/identity'
import { externalUser, selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'
import { fakeIntersections, tallElements } from './sessions.support'

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12) + n * 60_000).toISOString()

/** Session n expires n minutes after noon on Jan 1, 2026 (UTC): later n, later expiry. */
const session = (n: number, over: Partial<Session> = {}): Session => ({
  id: `0192f0c4-0000-7000-8000-${String(n).padStart(12, '0')}`,
  createdAt: at(0),
  updatedAt: at(0),
  userId: `0192f0c4-0000-7000-9000-${String(n % 10).padStart(12, '0')}`,
  ip: `10.0.${Math.floor(n / 256)}.${n % 256}`,
  userAgent: chrome,
  expires: at(n),
  nameFirst: `First${n}`,
  nameLast: `Last${n}`,
  ...over,
})

const seed = (count: number, extra: Session[] = []) =>
  identityDb().sessions.bulkPut([
    ...Array.from({ length: count }, (_, n) => session(n + 1)),
    ...extra,
  ])

const list = () => screen.getByRole('list', { name: 'Sessions' })
const rowNames = () =>
  within(list())
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span')?.textContent)

beforeEach(async () => {
  tallElements(2000)
  await identityDb().sessions.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Sessions screen', () => {
  it('lists cached sessions, latest expiry first, with user, ip, device, expiry and Record Count', async () => {
    await seed(3, [session(9, { nameFirst: 'Ada', nameLast: 'Lovelace', ip: '192.0.2.7' })])
    await renderSignedIn(selfUser(), '/sessions')
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeVisible()
    expect(await screen.findByText('Record Count: 4')).toBeVisible()
    expect(rowNames()).toEqual(['Ada Lovelace', 'First3 Last3', 'First2 Last2', 'First1 Last1'])
    const ada = within(list()).getAllByRole('listitem')[0]!
    expect(ada).toHaveAttribute('aria-setsize', '4')
    expect(within(ada).getByText('192.0.2.7')).toBeVisible()
    expect(within(ada).getByText('Chrome on Windows')).toBeVisible()
    expect(within(ada).getByText(/^Jan 01, 2026 \d\d:09 (AM|PM) \S+$/)).toBeVisible()
  })

  it('sorts by expiry, earliest first, when asked', async () => {
    await seed(3)
    const app = await renderSignedIn(selfUser(), '/sessions')
    await screen.findByText('Record Count: 3')
    await app.user.click(screen.getByRole('combobox', { name: 'Sort' }))
    await app.user.click(await screen.findByRole('option', { name: 'Expires: earliest first' }))
    await waitFor(() =>
      expect(rowNames()).toEqual(['First1 Last1', 'First2 Last2', 'First3 Last3']),
    )
  })

  it('searches by name or ip (trimmed, Enter ignored) and says when nothing matches', async () => {
    await seed(3, [session(9, { nameFirst: 'Ada', nameLast: 'Lovelace', ip: '192.0.2.7' })])
    const app = await renderSignedIn(selfUser(), '/sessions')
    await screen.findByText('Record Count: 4')
    const search = screen.getByRole('searchbox', { name: 'Search sessions' })
    expect(search).toHaveAttribute('placeholder', 'Search by name or IP')
    await app.user.type(search, '  ada love {Enter}')
    expect(await screen.findByText('Record Count: 1')).toBeVisible()
    expect(rowNames()).toEqual(['Ada Lovelace'])
    await app.user.clear(search)
    await app.user.type(search, '192.0.2')
    await waitFor(() => expect(rowNames()).toEqual(['Ada Lovelace']))
    await app.user.clear(search)
    await app.user.type(search, 'nobody')
    expect(await screen.findByText('No sessions match “nobody”.')).toBeVisible()
    expect(screen.getByText('Record Count: 0')).toBeVisible()
  })

  it('keeps a failed read on screen with Try Again, then shows the rows', async () => {
    await seed(2)
    const count = vi
      .spyOn(identityDb().sessions, 'count')
      .mockRejectedValueOnce(new Error('The cache could not be read.'))
    const app = await renderSignedIn(selfUser(), '/sessions')
    expect(await screen.findByRole('alert')).toHaveTextContent('The sessions could not be loaded.')
    expect(screen.queryByText('There are no sessions.')).toBeNull()
    count.mockRestore()
    await app.user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Record Count: 2')).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so when there are no sessions at all', async () => {
    await renderSignedIn(selfUser(), '/sessions')
    expect(await screen.findByText('There are no sessions.')).toBeVisible()
  })

  it('offers Revoke only to those with sessions.revoke, named after the user', async () => {
    await seed(1, [session(9, { nameFirst: 'Ada', nameLast: 'Lovelace' })])
    const app = await renderSignedIn(externalUser(), '/sessions')
    await screen.findByText('Record Count: 2')
    expect(screen.queryByRole('button', { name: /^Revoke session of/ })).toBeNull()
    app.unmount()
    await renderSignedIn(selfUser(), '/sessions')
    expect(
      await screen.findByRole('button', { name: 'Revoke session of Ada Lovelace' }),
    ).toBeVisible()
  })

  it('asks before revoking in its own words: revoke, not delete', async () => {
    await seed(0, [session(9, { nameFirst: 'Ada', nameLast: 'Lovelace' })])
    const app = await renderSignedIn(selfUser(), '/sessions')
    const revoke = await screen.findByRole('button', { name: 'Revoke session of Ada Lovelace' })
    await app.user.click(revoke)
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to revoke this session?',
    })
    expect(within(dialog).getByText(/Ada Lovelace will be signed out on that device/)).toBeVisible()
    expect(within(dialog).queryByText(/delet/i)).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled()
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(revoke).toHaveFocus()
  })

  it('stacks each row on phones, with the same names and an icon Revoke button', async () => {
    setViewport({ width: 390 })
    await seed(0, [session(9, { nameFirst: 'Ada', nameLast: 'Lovelace', ip: '192.0.2.7' })])
    await renderSignedIn(selfUser(), '/sessions')
    expect(await screen.findByText('192.0.2.7 · Chrome on Windows')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Revoke session of Ada Lovelace' })).toBeVisible()
  })

  it('reads the next page when item 40 of the last page comes into view', async () => {
    tallElements(8000)
    const intersections = fakeIntersections()
    await seed(120)
    await renderSignedIn(selfUser(), '/sessions')
    await screen.findByText('Record Count: 120')
    expect(within(list()).getAllByRole('listitem')).toHaveLength(50)
    const item40 = within(list()).getAllByRole('listitem')[39]!
    expect(intersections.observed()).toEqual([item40])
    expect(intersections.options()).toMatchObject({ rootMargin: '100px', threshold: 0.1 })
    act(() => intersections.enter(item40))
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(100))
    // Item 40 of the new page (the 90th) is watched next.
    await waitFor(() =>
      expect(intersections.observed()).toEqual([within(list()).getAllByRole('listitem')[89]]),
    )
  })
})
