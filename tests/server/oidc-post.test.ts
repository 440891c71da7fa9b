import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, call, signIn, useTestApp } from './helper'
import {
  completeSignIn,
  confirmLogout,
  CookieJar,
  pkce,
  registerService,
  tokensFor,
} from './oidc-flow'

const t = useTestApp()
let admin: string
let serial = 0
const REDIRECT = 'https://delta.example.com/callback'
const BYE = 'https://delta.example.com/bye'

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
})

const register = () =>
  registerService(t, admin, { key: `delta-${++serial}`, name: 'Delta Desk' }, REDIRECT, {
    postLogoutRedirectUris: [BYE],
  })

/** A browser's form post to the provider, through the jar; `site` is its Sec-Fetch-Site. */
async function postForm(jar: CookieJar, url: string, form: Record<string, string>, site?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: jar.header,
      ...(site ? { 'sec-fetch-site': site } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  })
  jar.take(response)
  return response
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

function authorizeForm(key: string) {
  return {
    client_id: key,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email',
    state: 'posted & "quoted"',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  }
}

describe('POST /oidc/auth (OpenID Connect Core §3.1.2.1)', () => {
  it('takes the request as a form and signs the console user in', async () => {
    const svc = await register()
    const jar = new CookieJar(admin)
    const posted = await postForm(jar, '/oidc/auth', authorizeForm(svc.key), 'same-origin')
    const left = await completeSignIn(t, jar, posted)
    expect(left.origin + left.pathname).toBe(REDIRECT)
    expect(left.searchParams.get('code')).toBeTruthy()
    expect(left.searchParams.get('state')).toBe('posted & "quoted"')
  })

  it('posts another site’s form again from its own page, so the browser sends its cookies', async () => {
    const svc = await register()
    const jar = new CookieJar(admin)
    const form = authorizeForm(svc.key)
    const page = await postForm(jar, '/oidc/auth', form, 'cross-site')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<form method="post" action="/oidc/auth">')
    expect(page.body).toContain(
      '<input type="hidden" name="state" value="posted &amp; &quot;quoted&quot;">',
    )
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? ''
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain(`script-src ${sha256(script)}`)
    expect(policy).toContain("frame-ancestors 'none'")
    // The page's post comes from our origin.
    const again = await postForm(jar, '/oidc/auth', form, 'same-origin')
    expect((await completeSignIn(t, jar, again)).searchParams.get('code')).toBeTruthy()
  })

  it('refuses a body that is not a form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ client_id: 'x' }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('invalid_request')
  })
})

describe('POST /oidc/session/end (RP-Initiated Logout §2)', () => {
  it('takes the logout request as a form: the confirmation, then the post-logout URI', async () => {
    const svc = await register()
    const own = await signIn(t, ADMIN.email, ADMIN.password)
    const jar = new CookieJar(own)
    const tokens = await tokensFor(t, jar, svc, REDIRECT)
    const page = await postForm(jar, '/oidc/session/end', {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: BYE,
      state: 'bye',
    })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.body).toContain('Delta Desk')
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1]
    const confirmed = await confirmLogout(t, jar, xsrf!, true)
    expect(confirmed.statusCode, confirmed.body).toBe(303)
    expect(String(confirmed.headers.location)).toBe(`${BYE}?state=bye`)
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: own })).statusCode).toBe(401)
  })
})
