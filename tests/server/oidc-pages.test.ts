import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Service } from '../../schema/service'
import { ADMIN, call, signIn, useTestApp } from './helper'
import {
  authorizeUrl,
  browse,
  CookieJar,
  logoutPageFor,
  pkce,
  registerService,
  tokensFor,
} from './oidc-flow'

// A console build of two files: the interaction page and the fonts the provider's pages use.
const consoleDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-console-'))
mkdirSync(path.join(consoleDir, 'assets'))
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Gatehouse</title>')
for (const font of [
  'libre-franklin-latin-400-normal-AbC1.woff2',
  'libre-franklin-latin-ext-400-normal-XyZ2.woff2',
  'libre-franklin-latin-500-normal-DeF3.woff2',
  'crete-round-latin-400-normal-GhI4.woff2',
])
  writeFileSync(path.join(consoleDir, 'assets', font), '')

const t = useTestApp({}, { consoleDir })
let admin: string
let serial = 0
const REDIRECT = 'https://epsilon.example.com/callback'
const BYE = 'https://epsilon-bye.example.com/bye'
const NASTY = '<script>alert(1)</script> & "Co"'

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const register = (name = 'Epsilon Desk', fields: Record<string, unknown> = {}) =>
  registerService(t, admin, { key: `epsilon-${++serial}`, name }, REDIRECT, fields)

async function uploadLogo(svc: Service) {
  const png = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 142, b: 170 } },
  })
    .png()
    .toBuffer()
  const boundary = `----gatehouse${randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/service/${svc.id}/logo`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin },
  })
  expect(response.statusCode, response.body).toBe(200)
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const policyOf = (response: LightMyRequestResponse) =>
  String(response.headers['content-security-policy'] ?? '')

/** The headers every provider page and answer carries (docs/server-security.md). */
function expectProviderHeaders(response: LightMyRequestResponse) {
  const policy = policyOf(response)
  expect(policy).toContain("default-src 'none'")
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toContain("base-uri 'none'")
  expect(policy).not.toContain('unsafe-inline')
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['x-frame-options']).toBe('DENY')
  expect(response.headers['referrer-policy']).toBe('no-referrer')
  // A service's sign-in popup keeps its opener (oidc-client-ts signinPopup).
  expect(response.headers['cross-origin-opener-policy']).toBeUndefined()
}

/** The page's inline style is the one its policy allows, by hash. */
function expectHashedStyle(response: LightMyRequestResponse) {
  const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1]
  expect(style).toBeTruthy()
  expect(policyOf(response)).toContain(`style-src ${sha256(style!)}`)
  return style!
}

describe('the logout page', () => {
  it('is Gatehouse’s: the service’s name and logo, who is signed in, two labelled buttons', async () => {
    const svc = await register('Epsilon Desk', { postLogoutRedirectUris: [BYE] })
    await uploadLogo(svc)
    const jar = new CookieJar(await signIn(t, ADMIN.email, ADMIN.password))
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    const { page, xsrf } = await logoutPageFor(t, jar, {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: BYE,
    })
    expect(page.statusCode, page.body).toBe(200)
    expect(xsrf).toBeTruthy()
    expect(page.body).toContain('<html lang="en">')
    expect(page.body).toContain('<title>Sign out – Gatehouse</title>')
    expect(page.body).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    )
    expect(page.body).toContain('<h1>Sign out of Gatehouse?</h1>')
    expect(page.body).toContain('<strong>Epsilon Desk</strong> asked to sign you out.')
    expect(page.body).toContain(`You are signed in as <strong>${ADMIN.email}</strong>.`)
    expect(page.body).toMatch(
      /<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes" class="primary">Yes, sign me out<\/button>/,
    )
    expect(page.body).toContain('>No, stay signed in</button>')
    expect(page.body).not.toContain('Do you want to sign-out from')
    // The logo is a short-lived link of our own, readable without a console session.
    const logo = /<img src="([^"]+)" alt="Epsilon Desk logo">/.exec(page.body)?.[1]
    expect(logo).toMatch(/^\/v1\/files\/logo\//)
    const image = await call(t, 'GET', logo!.replaceAll('&amp;', '&'))
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')

    expectProviderHeaders(page)
    const style = expectHashedStyle(page)
    // Light and dark, the console's fonts from its build, focus that shows.
    expect(style).toContain('@media (prefers-color-scheme:dark)')
    expect(style).toContain("url('/assets/libre-franklin-latin-400-normal-AbC1.woff2')")
    expect(style).toContain("url('/assets/crete-round-latin-400-normal-GhI4.woff2')")
    expect(style).not.toContain('latin-ext')
    expect(style).toContain(':focus-visible{outline')
    // The form posts here, then the provider redirects to the service's page.
    expect(policyOf(page)).toContain("form-action 'self' https://epsilon-bye.example.com")
    expect(policyOf(page)).toContain("font-src 'self'")
    expect(policyOf(page)).toContain("img-src 'self'")
  })

  it('escapes what it shows', async () => {
    const svc = await register(NASTY)
    const jar = new CookieJar(await signIn(t, ADMIN.email, ADMIN.password))
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    const { page } = await logoutPageFor(t, jar, { id_token_hint: tokens.id_token })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('<script>')
    expect(page.body).toContain(
      '<strong>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</strong> asked to sign you out.',
    )
    // No logo: the name's first character, escaped, and hidden from screen readers.
    expect(page.body).toContain('<div class="mark"><span aria-hidden="true">&lt;</span></div>')
    expect(policyOf(page)).toContain("form-action 'self'")
  })

  it('without a service named, asks about Gatehouse alone', async () => {
    const jar = new CookieJar(await signIn(t, ADMIN.email, ADMIN.password))
    // A provider session first: a sign-in to some service.
    await tokensFor(t, jar, await register(), REDIRECT)
    const { page } = await logoutPageFor(t, jar, {})
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>Sign out of Gatehouse?</h1>')
    expect(page.body).not.toContain('asked to sign you out')
    expect(page.body).not.toContain('class="mark"')
  })
})

describe('the provider’s other pages', () => {
  it('after a logout without a return address, says so in the same look', async () => {
    const svc = await register()
    const page = await call(t, 'GET', `/oidc/session/end/success?client_id=${svc.key}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>You are signed out</h1>')
    expect(page.body).toContain('You are signed out of Epsilon Desk.')
    expect(page.body).toContain('<a class="button secondary" href="/">Go to Gatehouse</a>')
    expectProviderHeaders(page)
    expectHashedStyle(page)
    const everywhere = await call(t, 'GET', '/oidc/session/end/success')
    expect(everywhere.body).toContain('You are signed out of Gatehouse')
  })

  it('shows errors in the same look, escaped, with the headers', async () => {
    const page = await call(
      t,
      'GET',
      `/oidc/auth?client_id=${encodeURIComponent(NASTY)}`,
      undefined,
      {
        headers: { accept: 'text/html' },
      },
    )
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('<h1>The sign-in could not continue</h1>')
    expect(page.body).toContain('<code>invalid_client</code>')
    expect(page.body).not.toContain('<script>')
    expectProviderHeaders(page)
    expectHashedStyle(page)
    const logout = await call(t, 'GET', '/oidc/session/end?client_id=nobody', undefined, {
      headers: { accept: 'text/html' },
    })
    expect(logout.body).toContain('<h1>The sign-out could not continue</h1>')
  })

  it('form_post runs its script by hash', async () => {
    const svc = await register()
    const jar = new CookieJar(admin)
    // Signed in to the provider first, so the answer is the form post itself.
    await tokensFor(t, jar, svc, REDIRECT)
    const url = authorizeUrl({
      clientId: svc.key,
      redirectUri: REDIRECT,
      challenge: pkce().challenge,
      extra: { response_mode: 'form_post' },
    })
    const page = await browse(t, jar, 'GET', url)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.body).toContain(`<form method="post" action="${REDIRECT}">`)
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1]
    expect(script).toContain('submit()')
    expect(policyOf(page)).toContain(sha256(script!))
    expectProviderHeaders(page)
  })

  it('a signed-out browser’s logout posts itself on by a hashed script', async () => {
    const page = await call(t, 'GET', '/oidc/session/end')
    expect(page.statusCode).toBe(200)
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1]
    expect(policyOf(page)).toContain(sha256(script!))
    expectProviderHeaders(page)
  })
})

describe('the provider’s JSON answers', () => {
  it('carry the headers too', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/me']) {
      const response = await call(t, 'GET', url)
      expect(response.headers['content-type'], url).toMatch(/json/)
      expectProviderHeaders(response)
    }
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=x&client_id=nobody',
    })
    expect(token.statusCode).toBe(401)
    expectProviderHeaders(token)
  })
})

describe('the console’s interaction page and API', () => {
  it('keep the console’s policy, are not stored, and leave a sign-in popup its opener', async () => {
    const svc = await register()
    const jar = new CookieJar()
    const start = await browse(
      t,
      jar,
      'GET',
      authorizeUrl({ clientId: svc.key, redirectUri: REDIRECT, challenge: pkce().challenge }),
    )
    const interaction = String(start.headers.location)
    expect(interaction).toMatch(/^\/oidc\/interaction\//)
    const page = await call(t, 'GET', interaction, undefined, {
      headers: { accept: 'text/html', cookie: jar.header },
    })
    expect(page.statusCode).toBe(200)
    expect(policyOf(page)).toContain("frame-ancestors 'none'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['cross-origin-opener-policy']).toBeUndefined()
    const details = await call(t, 'GET', `${interaction}/details`, undefined, {
      headers: { cookie: jar.header },
    })
    expect(details.statusCode, details.body).toBe(200)
    expect(details.headers['cache-control']).toBe('no-store')
    expect(policyOf(details)).toContain("frame-ancestors 'none'")
    // The console's own pages keep theirs.
    const home = await call(t, 'GET', '/', undefined, { headers: { accept: 'text/html' } })
    expect(home.headers['cross-origin-opener-policy']).toBe('same-origin')
  })
})
