import { request as httpRequest } from 'node:http'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { apiSignIn, expectSignedIn, signIn } from './login'

// The default lockout (LOCKOUT_THRESHOLD 10, no permanent lock) on a server of its own: the
// administrator's unknown devices end up locked.
const test = testWithServer()

const LOCKED_FOR_A_WHILE =
  /^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?\.$/

/** One wrong password for `username`, sent from the loopback address `from`, as a stranger would. */
function guessFrom(url: string, from: string, username: string, password: string) {
  const target = new URL('/v1/login', url)
  const body = JSON.stringify({ username, password })
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () =>
          resolve((JSON.parse(text) as { error: { code: number } }).error.code),
        )
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

test('a browser the owner signed in from stays open while a stranger bursts at the account', async ({
  page,
  browser,
  server,
}) => {
  // The owner signs in once in this browser: it becomes a known device of the account.
  await signIn(page)
  await expectSignedIn(page)
  await page.goto('/logout')
  await expect(page.getByText(/logged out/i)).toBeVisible()

  // A stranger sends 60 wrong passwords at once, each from an address of its own…
  const burst = Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      guessFrom(server.url, `127.0.2.${i + 1}`, ADMIN.email, `Wrong#burst${i}`),
    ),
  )
  // …while the owner signs in from the known browser, and gets in.
  await signIn(page)
  await expectSignedIn(page)
  const codes = await burst
  expect(codes.filter((code) => code === 801).length).toBeLessThanOrEqual(10)
  expect(codes.every((code) => code === 801 || code === 823)).toBe(true)
  expect(codes).toContain(823)

  // A browser the account never signed in from is refused, and the screen says how long to wait.
  const stranger = await browser.newPage()
  await stranger.goto(new URL('/login', server.url).toString())
  await signIn(stranger)
  await expect(stranger.getByRole('alert')).toHaveText(LOCKED_FOR_A_WHILE)
  await stranger.close()

  // The server checked at most LOCKOUT_THRESHOLD of the burst's passwords: the failed steps it recorded.
  const adminId = await apiSignIn(page.request)
  const logs = await page.request.get(`/v1/logs?user=${adminId}&outcome=failure&limit=200`)
  const { results } = (await logs.json()) as { results: { events: { action: string }[] } }
  expect(results.events.filter((event) => event.action === 'login').length).toBeLessThanOrEqual(10)
  const refused = await page.request.get(`/v1/logs?user=${adminId}&outcome=refused&limit=200`)
  const refusedEvents = ((await refused.json()) as { results: { events: unknown[] } }).results
    .events
  expect(refusedEvents.length).toBeGreaterThanOrEqual(50)
})
