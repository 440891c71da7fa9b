import 'fake-indexeddb/auto'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { identityDb } from '../../../src/data/db/identity'
import { selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'
import { fakeIntersections, tallElements } from '../sessions/sessions.support'
import { seedServices, service } from './serviceList.support'

const list = () => screen.getByRole('list', { name: 'Services' })
const rows = () => within(list()).getAllByRole('listitem')
const rowNames = () => rows().map((row) => row.querySelector('a span')?.textContent)
const rowLink = (name: string) => within(list()).getByRole('link', { name: new RegExp(`^${name}`) })
const filtersButton = () => screen.getByRole('button', { name: /^(Show|Hide) Filters/ })
const filters = () => screen.getByRole('region', { name: 'Filters' })
const badge = () => filtersButton().querySelector('.rt-Badge')?.textContent ?? null

async function pick(
  app: { user: { click: (e: Element) => Promise<void> } },
  box: string,
  option: string,
) {
  await app.user.click(within(filters()).getByRole('combobox', { name: box }))
  await app.user.click(await screen.findByRole('option', { name: option }))
}

beforeEach(async () => {
  tallElements(2000)
  await identityDb().services.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Services screen, the list', () => {
  it('lists services newest first with key and url, hides deleted ones, and asks for a selection', async () => {
    await seedServices(3, [service(9, { name: 'Gone', deleted: true })])
    await renderSignedIn(selfUser(), '/services')
    expect(await screen.findByRole('heading', { name: 'Services', level: 1 })).toBeVisible()
    expect(await screen.findByText('Record Count: 3')).toBeVisible()
    expect(rowNames()).toEqual(['Service 003', 'Service 002', 'Service 001'])
    expect(within(rows()[0]!).getByText('service-3 · https://service-3.example.com')).toBeVisible()
    expect(rows()[0]).toHaveAttribute('aria-setsize', '3')
    expect(screen.getByText('Make a Selection From the List')).toBeVisible()
    expect(filtersButton()).toHaveTextContent('Show Filters')
  })

  it('selects a row: /services/{id}, highlighted, the same list kept on screen', async () => {
    await seedServices(3)
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 3')
    const before = list()
    await app.user.click(rowLink('Service 002'))
    await waitFor(() => expect(app.pathname()).toBe(`/services/${service(2).id}`))
    expect(rowLink('Service 002')).toHaveAttribute('aria-current', 'page')
    expect(rowLink('Service 003')).not.toHaveAttribute('aria-current')
    expect(screen.queryByText('Make a Selection From the List')).toBeNull()
    expect(list()).toBe(before)
  })

  it('opens the drawer beside the list on large screens, 300 px open and 8 px closed, and remembers it', async () => {
    await seedServices(2)
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    const drawerBox = () => list().closest('.rt-Flex')!.previousElementSibling as HTMLElement
    expect(drawerBox().style.width).toBe('8px')
    await app.user.click(filtersButton())
    expect(filtersButton()).toHaveTextContent('Hide Filters')
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true')
    expect(drawerBox().style.width).toBe('300px')
    expect(within(filters()).queryByRole('button', { name: 'Close' })).toBeNull()
    expect(localStorage.getItem('gatehouse.filterDrawer')).toBe('open')
    app.unmount()
    await renderSignedIn(selfUser(), '/services')
    expect(await screen.findByRole('region', { name: 'Filters' })).toBeVisible()
  })

  it('counts changed filters on the button, and Reset Filters puts them back', async () => {
    await seedServices(3, [service(9, { name: 'Gone', deleted: true })])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 3')
    await app.user.click(filtersButton())
    expect(badge()).toBeNull()
    expect(within(filters()).getByRole('button', { name: 'Reset Filters' })).toBeDisabled()
    await app.user.click(within(filters()).getByRole('switch', { name: 'Show Deleted' }))
    await waitFor(() => expect(badge()).toBe('1'))
    expect(filtersButton()).toHaveAccessibleName('Hide Filters (1 changed)')
    await pick(app, 'Sort By', 'Name')
    await waitFor(() => expect(badge()).toBe('2'))
    await pick(app, 'Direction', 'Ascending')
    await waitFor(() => expect(badge()).toBe('3'))
    await app.user.type(
      within(filters()).getByRole('searchbox', { name: 'Search services' }),
      'serv',
    )
    await waitFor(() => expect(badge()).toBe('4'))
    await app.user.click(within(filters()).getByRole('button', { name: 'Reset Filters' }))
    await waitFor(() => expect(badge()).toBeNull())
    expect(within(filters()).getByRole('searchbox', { name: 'Search services' })).toHaveValue('')
    expect(within(filters()).getByRole('switch', { name: 'Show Deleted' })).not.toBeChecked()
    await waitFor(() => expect(rowNames()).toEqual(['Service 003', 'Service 002', 'Service 001']))
  })

  it('shows deleted services with Show Deleted, italic and greyed, still selectable', async () => {
    await seedServices(2, [service(9, { name: 'Gone', deleted: true })])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    await app.user.click(filtersButton())
    await app.user.click(within(filters()).getByRole('switch', { name: 'Show Deleted' }))
    expect(await screen.findByText('Record Count: 3')).toBeVisible()
    const gone = rowLink('Gone')
    expect(gone).toHaveAttribute('data-deleted', 'true')
    expect(within(gone).getByText('Deleted')).toBeVisible()
    expect(rowLink('Service 002')).not.toHaveAttribute('data-deleted')
    await app.user.click(gone)
    await waitFor(() => expect(app.pathname()).toBe(`/services/${service(9).id}`))
  })

  it('sorts by name, created or updated, either way', async () => {
    await seedServices(0, [
      service(1, { name: 'Bravo' }),
      service(2, { name: 'Alpha' }),
      service(3, { name: 'Charlie' }),
    ])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 3')
    expect(rowNames()).toEqual(['Charlie', 'Alpha', 'Bravo'])
    await app.user.click(filtersButton())
    await pick(app, 'Sort By', 'Name')
    await waitFor(() => expect(rowNames()).toEqual(['Charlie', 'Bravo', 'Alpha']))
    await pick(app, 'Direction', 'Ascending')
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']))
    await pick(app, 'Sort By', 'Updated At')
    await waitFor(() => expect(rowNames()).toEqual(['Charlie', 'Alpha', 'Bravo']))
    await pick(app, 'Sort By', 'Created At')
    await waitFor(() => expect(rowNames()).toEqual(['Bravo', 'Alpha', 'Charlie']))
  })

  it('searches names (trimmed, any case, Enter ignored) and says when nothing matches', async () => {
    await seedServices(0, [
      service(1, { name: 'Billing Portal' }),
      service(2, { name: 'Patient Portal' }),
      service(3, { name: 'Lab Results', key: 'portal-labs' }),
    ])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 3')
    await app.user.click(filtersButton())
    const search = within(filters()).getByRole('searchbox', { name: 'Search services' })
    expect(search).toHaveAttribute('placeholder', 'Search by name')
    await app.user.type(search, '  PORTAL {Enter}')
    expect(await screen.findByText('Record Count: 2')).toBeVisible()
    expect(rowNames()).toEqual(['Patient Portal', 'Billing Portal'])
    await app.user.clear(search)
    await app.user.type(search, 'nothing')
    expect(await screen.findByText('No services match “nothing”.')).toBeVisible()
  })

  it('keeps a search typed just before another filter changes', async () => {
    await seedServices(3, [service(9, { name: 'Gone', deleted: true })])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 3')
    await app.user.click(filtersButton())
    // Within the 100 ms debounce: the switch must not drop the text typed so far.
    await app.user.type(within(filters()).getByRole('searchbox'), 'gone')
    await app.user.click(within(filters()).getByRole('switch', { name: 'Show Deleted' }))
    expect(await screen.findByText('Record Count: 1')).toBeVisible()
    expect(rowNames()).toEqual(['Gone'])
  })

  it('updates rows live when the cache changes', async () => {
    await seedServices(2)
    await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    await act(() => identityDb().services.put(service(2, { name: 'Renamed' })))
    await waitFor(() => expect(rowNames()).toEqual(['Renamed', 'Service 001']))
    await act(() => identityDb().services.put(service(1, { deleted: true })))
    expect(await screen.findByText('Record Count: 1')).toBeVisible()
  })

  it('reads the next page when item 40 of the last page comes into view', async () => {
    tallElements(8000)
    const intersections = fakeIntersections()
    await seedServices(120)
    await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 120')
    expect(rows()).toHaveLength(50)
    const item40 = rows()[39]!
    expect(intersections.observed()).toEqual([item40])
    act(() => intersections.enter(item40))
    await waitFor(() => expect(rows()).toHaveLength(100))
  })

  it('from md, covers the list with the drawer, which Close and Escape close', async () => {
    setViewport({ width: 1024 })
    await seedServices(2)
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    expect(screen.getByText('Make a Selection From the List')).toBeVisible()
    await app.user.click(filtersButton())
    await app.user.click(within(filters()).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    expect(localStorage.getItem('gatehouse.filterDrawer')).toBe('closed')
    await app.user.click(filtersButton())
    await app.user.type(within(filters()).getByRole('searchbox'), '{Escape}')
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
  })

  it('on phones, shows the list or the detail, one at a time', async () => {
    setViewport({ width: 390 })
    await seedServices(2)
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    expect(screen.queryByText('Make a Selection From the List')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull()
    await app.user.click(rowLink('Service 001'))
    await waitFor(() => expect(app.pathname()).toBe(`/services/${service(1).id}`))
    expect(screen.queryByRole('list', { name: 'Services' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull()
    expect(screen.getByRole('region', { name: 'Service detail' })).toBeInTheDocument()
    await app.user.click(screen.getByRole('link', { name: 'Back' }))
    await waitFor(() => expect(app.pathname()).toBe('/services'))
    expect(await screen.findByRole('list', { name: 'Services' })).toBeVisible()
  })

  it('on phones, the drawer is a bottom sheet that Close, the backdrop or a swipe down closes', async () => {
    setViewport({ width: 390 })
    await seedServices(2)
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    await app.user.click(filtersButton())
    expect(filters().style.maxHeight).toBe('90dvh')
    const grip = filters().querySelector('[data-grip]')!.parentElement!
    fireEvent.pointerDown(grip, { pointerId: 1, clientY: 100 })
    fireEvent.pointerUp(grip, { pointerId: 1, clientY: 140 })
    expect(filters()).toBeVisible()
    fireEvent.pointerDown(grip, { pointerId: 1, clientY: 100 })
    fireEvent.pointerUp(grip, { pointerId: 1, clientY: 151 })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull())
    await app.user.click(filtersButton())
    await app.user.click(within(filters()).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    await app.user.click(filtersButton())
    await app.user.click(filters().previousElementSibling!)
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
  })
})
