import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import { inEachScheme } from '../support/schemes'
import { axeViolations, describeFound } from '../a11y/axe'
import { changeLines, diffMachine } from '../../../src/flows/diff'
import type { FlowGraph } from '../../../src/flows/graph'
import type { Release } from '../../../src/flows/release/release'

const RELEASE = join(import.meta.dirname, '../../../src/flows/release/graphs.json')

/**
 * The release the page is served here: the committed one with login as an older version had it,
 * its last transition not there yet and its first state worded otherwise, so that the marks
 * show whatever the committed release holds. Vite builds graphs.json into a chunk of its own.
 */
async function olderRelease(): Promise<Release> {
  const release = JSON.parse(await readFile(RELEASE, 'utf8')) as Release
  const login = release.graphs.login!
  const [root, first, ...rest] = login.states
  release.graphs.login = {
    ...login,
    states: [root!, { ...first!, description: 'As the release said it.' }, ...rest],
    transitions: login.transitions.slice(0, -1),
  }
  return { ...release, version: '0.0.9' }
}

test('Changes marks on the diagram and lists what changed in login since the release', async ({
  page,
}) => {
  test.setTimeout(30_000)
  const release = await olderRelease()
  await page.route('**/assets/graphs-*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export default ${JSON.stringify(release)}`,
    }),
  )
  await signIn(page)
  await expectSignedIn(page)
  await page.goto('/flows/login')
  await page.getByRole('tab', { name: 'Changes' }).click()

  // Today's login as the page has it (Export's Machine JSON) against the release served.
  const figure = page.getByRole('figure', { name: 'Changes to login since release 0.0.9' })
  await expect(figure).toBeVisible()
  await page.getByRole('tab', { name: 'Export' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Machine JSON', exact: true }).click()
  const today = JSON.parse(await readFile(await (await download).path(), 'utf8')) as FlowGraph
  const lines = changeLines(diffMachine(release.graphs.login, today))
  expect(lines.map((l) => l.change)).toEqual(expect.arrayContaining(['added', 'changed']))

  await page.getByRole('tab', { name: 'Changes' }).click()
  const listed = page.getByRole('list', { name: 'Changes' }).locator(':scope > li > p')
  await expect(listed).toHaveText(lines.map((l) => `${l.change} ${l.text}`))
  // The committed release is older than today's code: more than one state may be marked.
  await expect(figure.getByText('~ changed', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    /\+ added/,
    /− removed/,
    /~ changed/,
  ])
  await inEachScheme(page, async (scheme) => {
    const found = await axeViolations(page, `flows login changes ${scheme}`)
    expect(found.map(describeFound)).toEqual([])
    await page.screenshot({
      animations: 'disabled',
      fullPage: true,
      path: `test-results/screens/flows-login-changes-desktop-${scheme}.png`,
    })
  })
  // On a 390 px phone too: axe and a photograph, light and dark.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(figure).toBeVisible()
  await inEachScheme(page, async (scheme) => {
    const found = await axeViolations(page, `flows login changes, phone, ${scheme}`)
    expect(found.map(describeFound)).toEqual([])
    await page.screenshot({
      animations: 'disabled',
      fullPage: true,
      path: `test-results/screens/flows-login-changes-phone-${scheme}.png`,
    })
  })
})
