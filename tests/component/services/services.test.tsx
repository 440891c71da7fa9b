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
const searchBox = () => screen.getByRole('searchbox', { name: 'Search services' })

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

  it("counts the drawer's changed filters on the button, not the search, and Reset Filters puts all back", async () => {
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
    // The search is in the toolbar, not the drawer: typing one leaves the badge as it was.
    expect(within(filters()).queryByRole('searchbox')).toBeNull()
    await app.user.type(searchBox(), 'serv')
    await waitFor(() =>
      expect(rowNames()).toEqual(['Gone', 'Service 001', 'Service 002', 'Service 003']),
    )
    expect(badge()).toBe('3')
    await app.user.click(within(filters()).getByRole('button', { name: 'Reset Filters' }))
    await waitFor(() => expect(badge()).toBeNull())
    await waitFor(() => expect(searchBox()).toHaveValue(''))
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
    // In the toolbar, left of Show Filters: no drawer to open first.
    const search = searchBox()
    expect(
      within(screen.getByRole('group', { name: 'Services list tools' })).getByRole('searchbox'),
    ).toBe(search)
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
    await app.user.type(searchBox(), 'gone')
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
    within(filters()).getByRole('switch', { name: 'Show Deleted' }).focus()
    await app.user.keyboard('{Escape}')
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

  it('on phones, the sheet ends with Show N results, which closes it, and Reset Filters', async () => {
    setViewport({ width: 390 })
    await seedServices(2, [service(9, { name: 'Gone', deleted: true })])
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 2')
    await app.user.click(filtersButton())
    expect(within(filters()).getByRole('button', { name: 'Show 2 results' })).toBeVisible()
    expect(within(filters()).getByRole('button', { name: 'Reset Filters' })).toBeDisabled()
    await app.user.click(within(filters()).getByRole('switch', { name: 'Show Deleted' }))
    const show = await within(filters()).findByRole('button', { name: 'Show 3 results' })
    await app.user.click(show)
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    expect(await screen.findByText('Record Count: 3')).toBeVisible()
  })

  it('leaves the closed docked drawer as an invisible 8 px gap', async () => {
    await seedServices(1)
    await renderSignedIn(selfUser(), '/services')
    await screen.findByText('Record Count: 1')
    const drawerBox = list().closest('.rt-Flex')!.previousElementSibling as HTMLElement
    expect(drawerBox.style.width).toBe('8px')
    expect(drawerBox.style.background).toBe('transparent')
    expect(drawerBox.style.boxShadow).toBe('none')
  })
})

describe('Services screen, a fresh install', () => {
  it('explains services beside the empty list and offers Add Service', async () => {
    const app = await renderSignedIn(selfUser(), '/services')
    expect(await screen.findByText('There are no services.')).toBeVisible()
    expect(screen.queryByText('Make a Selection From the List')).toBeNull()
    const detail = screen.getByRole('region', { name: 'Service detail' })
    expect(within(detail).getByRole('heading', { name: 'No services yet' })).toBeVisible()
    expect(within(detail).getByText(/OpenID Connect client/)).toBeVisible()
    await app.user.click(within(detail).getByRole('button', { name: 'Add Service' }))
    expect(await screen.findByRole('dialog', { name: 'New Service' })).toBeVisible()
  })

  it('on phones, the empty list itself offers Add Service', async () => {
    setViewport({ width: 390 })
    await renderSignedIn(selfUser(), '/services')
    const empty = (await screen.findByText('There are no services.')).closest('.rt-Flex')!
      .parentElement as HTMLElement
    expect(within(empty).getByRole('button', { name: 'Add Service' })).toBeVisible()
  })

  it('makes the key from the name until one is typed, and keeps Create off without a key', async () => {
    const app = await renderSignedIn(selfUser(), '/services')
    await screen.findByText('There are no services.')
    await app.user.click(screen.getAllByRole('button', { name: 'Add Service' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New Service' })
    const field = (label: string) => within(dialog).getByLabelText(label, { selector: 'input' })
    const create = within(dialog).getByRole('button', { name: 'Create' })
    // Name comes first and has the focus.
    const inputs = within(dialog).getAllByRole('textbox')
    expect(inputs[0]).toBe(field('Name'))
    expect(field('Name')).toHaveFocus()
    expect(create).toBeDisabled()
    await app.user.type(field('Name'), 'CRM Désk 2')
    expect(field('Key')).toHaveValue('crm-desk-2')
    expect(create).toBeEnabled()
    await app.user.clear(field('Key'))
    await app.user.type(field('Key'), 'crm')
    await app.user.type(field('Name'), ' Europe')
    expect(field('Key')).toHaveValue('crm')
    // Emptied, the key follows the name again.
    await app.user.clear(field('Key'))
    expect(create).toBeDisabled()
    await app.user.type(field('Name'), '!')
    expect(field('Key')).toHaveValue('crm-desk-2-europe')
  })
})
