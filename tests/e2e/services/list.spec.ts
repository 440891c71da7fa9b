import type { Page } from '@playwright/test'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import {
  expectRecordCount,
  filtersButton,
  filtersRegion,
  openServices,
  serverServices,
  serviceList,
  serviceRows,
  serviceSearch,
  type ServiceNode,
} from './services'

// A seeded database of its own: the spec deletes a service.
const test = testWithServer({}, { users: 20, sessions: 40, services: 60 })

const rowLink = (page: Page, name: string) =>
  serviceList(page).getByRole('link', { name: new RegExp(`^${name}`) })
const firstRowName = (page: Page) => serviceRows(page).first().locator('a span').first()
const byNameAscending = (a: ServiceNode, b: ServiceNode) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

async function pick(page: Page, box: string, option: string) {
  await filtersRegion(page).getByRole('combobox', { name: box }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('counts changed filters, sorts, searches and shows a deleted service in italic', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openServices(page)
  const stored = await serverServices(page.request)
  const active = stored.filter((s) => !s.deleted)
  await expectRecordCount(page, active.length)
  await expect(page.getByText('Make a Selection From the List')).toBeVisible()

  // The drawer sits beside the list at 1280 px: 300 px open, 8 px closed.
  await expect(filtersButton(page)).toHaveAccessibleName('Show Filters')
  await filtersButton(page).click()
  await expect(filtersRegion(page)).toBeVisible()
  await expect(filtersButton(page)).toHaveAccessibleName('Hide Filters')
  await expect(filtersRegion(page).getByRole('button', { name: 'Close' })).toHaveCount(0)
  expect((await filtersRegion(page).boundingBox())?.width).toBe(300)

  await filtersRegion(page).getByRole('switch', { name: 'Show Deleted' }).click()
  await expect(filtersButton(page)).toHaveAccessibleName('Hide Filters (1 changed)')
  await expectRecordCount(page, stored.length)

  await pick(page, 'Sort By', 'Name')
  await pick(page, 'Direction', 'Ascending')
  await expect(filtersButton(page)).toHaveAccessibleName('Hide Filters (3 changed)')
  const sorted = [...stored].sort(byNameAscending)
  await expect(firstRowName(page)).toHaveText(sorted[0]!.name)

  // Search: trimmed, any case, a substring of the name.
  const word = sorted[sorted.length - 1]!.name.split(' ')[1]!
  await serviceSearch(page).fill(`  ${word.toUpperCase()}  `)
  await serviceSearch(page).press('Enter')
  const matching = stored.filter((s) => s.name.toLowerCase().includes(word.toLowerCase()))
  await expectRecordCount(page, matching.length)
  await expect(firstRowName(page)).toHaveText(matching.sort(byNameAscending)[0]!.name)
  // The search has its own box in the toolbar: the drawer's badge still counts its own three.
  await expect(filtersButton(page)).toHaveAccessibleName('Hide Filters (3 changed)')

  // The options and the drawer outlive a reload.
  await page.reload()
  await expect(filtersRegion(page)).toBeVisible()
  await expect(serviceSearch(page)).toHaveValue(`  ${word.toUpperCase()}  `.trim())
  await expectRecordCount(page, matching.length)

  await filtersRegion(page).getByRole('button', { name: 'Reset Filters' }).click()
  await expect(filtersButton(page)).toHaveAccessibleName('Hide Filters')
  await expectRecordCount(page, active.length)
  await expect(serviceSearch(page)).toHaveValue('')

  // Deleted through the API, the service leaves the list at once (the sync hears of it)...
  const target = active[0]!
  const answer = await page.request.delete(`/v1/service/${target.id}`)
  expect(answer.status(), await answer.text()).toBe(200)
  await expectRecordCount(page, active.length - 1)
  await serviceSearch(page).fill(target.key.replace(/-\d+$/, ''))
  await expect(rowLink(page, target.name)).toHaveCount(
    active.filter((s) => s.id !== target.id && s.name === target.name).length,
  )

  // ...and Show Deleted brings it back, italic and greyed, still selectable.
  await serviceSearch(page).fill(target.name)
  await filtersRegion(page).getByRole('switch', { name: 'Show Deleted' }).click()
  const deleted = serviceList(page).locator(`a[href="/services/${target.id}"]`)
  await expect(deleted).toBeVisible()
  await expect(deleted).toHaveCSS('font-style', 'italic')
  await expect(deleted.getByText('Deleted', { exact: true })).toBeVisible()
  await deleted.click()
  await expect(page).toHaveURL(new RegExp(`/services/${target.id}$`))
  await expect(deleted).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('Make a Selection From the List')).toBeHidden()

  // Hidden, the drawer leaves an 8 px edge (once its 200 ms transition is over).
  await filtersButton(page).click()
  await expect(filtersRegion(page)).toBeHidden()
  const edge = () =>
    serviceList(page).evaluate(
      (list) =>
        list.parentElement!.parentElement!.previousElementSibling!.getBoundingClientRect().width,
    )
  await expect.poll(edge).toBe(8)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the drawer is a bottom sheet closed by Close or a swipe; list and detail take turns', async ({
    page,
  }) => {
    await signIn(page)
    await expectSignedIn(page)
    await openServices(page)
    await expect(page.getByText('Make a Selection From the List')).toBeHidden()

    await filtersButton(page).click()
    const sheet = filtersRegion(page)
    await expect(sheet).toBeVisible()
    const box = (await sheet.boundingBox())!
    expect(box.width).toBe(390)
    expect(box.y + box.height).toBeCloseTo(844, 0)
    expect(box.height).toBeLessThanOrEqual(844 * 0.9)
    await sheet.getByRole('button', { name: 'Close' }).click()
    await expect(sheet).toBeHidden()

    // A short drag does nothing; a swipe down of more than 50 px closes the sheet.
    await filtersButton(page).click()
    const grip = sheet.locator('[data-grip]')
    const drag = async (distance: number) => {
      const at = (await grip.boundingBox())!
      await page.mouse.move(at.x + at.width / 2, at.y + 2)
      await page.mouse.down()
      await page.mouse.move(at.x + at.width / 2, at.y + 2 + distance, { steps: 5 })
      await page.mouse.up()
    }
    await drag(30)
    await expect(sheet).toBeVisible()
    await drag(120)
    await expect(sheet).toBeHidden()

    // The same with a finger (touch events through the DevTools protocol).
    await filtersButton(page).click()
    const at = (await grip.boundingBox())!
    const x = at.x + at.width / 2
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x, y: at.y + 2 }],
    })
    for (let y = at.y + 20; y <= at.y + 100; y += 20) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect(sheet).toBeHidden()

    // The list, then the detail alone with a back arrow, then the list again.
    const first = serviceRows(page).first().getByRole('link')
    const href = (await first.getAttribute('href'))!
    await first.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(serviceList(page)).toBeHidden()
    await expect(filtersButton(page)).toBeHidden()
    await page.getByRole('link', { name: 'Back' }).click()
    await expect(page).toHaveURL(/\/services$/)
    await expect(serviceRows(page).first()).toBeVisible()
  })
})
