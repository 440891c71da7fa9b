import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'

export type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>

/**
 * A tiny service that signs its users in through Gatehouse with openid-client (code + PKCE), as
 * docs/sso.md's sample does: /login starts the sign-in (its query is added to the authorization
 * request), /login-form does it with a form post, /popup in a popup window, /callback takes the
 * code (also by form_post), /backchannel receives logout tokens, /logout-form posts an
 * RP-initiated logout, /bye is where a logout ends.
 */
export async function startRelyingParty(issuer: string, clientId: string) {
  let config: client.Configuration | undefined
  const pending = new Map<string, string>()
  const signIns: Tokens[] = []
  const logoutTokens: string[] = []
  const errors: string[] = []
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base)
      const cfg = config!
      if (url.pathname === '/login' || url.pathname === '/login-form') {
        const verifier = client.randomPKCECodeVerifier()
        const state = client.randomState()
        pending.set(state, verifier)
        const to = client.buildAuthorizationUrl(cfg, {
          redirect_uri: `${base}/callback`,
          scope: 'openid email profile offline_access',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          ...Object.fromEntries(url.searchParams),
        })
        if (url.pathname === '/login') response.writeHead(302, { location: to.href }).end()
        else formPage(response, to, 'Sign in with Gatehouse')
      } else if (url.pathname === '/logout-form') {
        const to = client.buildEndSessionUrl(cfg, {
          id_token_hint: url.searchParams.get('id_token_hint') ?? '',
          post_logout_redirect_uri: `${base}/bye`,
        })
        formPage(response, to, 'Sign out of Alpha Desk')
      } else if (url.pathname === '/popup') {
        popupPage(response)
      } else if (url.pathname === '/callback') {
        // form_post answers with a POST of the same parameters.
        let current: URL | Request = url
        if (request.method === 'POST') {
          let body = ''
          for await (const chunk of request) body += String(chunk)
          current = new Request(new URL(url.pathname, base), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          })
        }
        const params =
          current instanceof URL
            ? url.searchParams
            : new URLSearchParams(await current.clone().text())
        const state = params.get('state') ?? ''
        try {
          const tokens = await client.authorizationCodeGrant(cfg, current, {
            pkceCodeVerifier: pending.get(state),
            expectedState: state,
          })
          signIns.push(tokens)
          const claims = tokens.claims()
          page(
            response,
            `Signed in to Alpha Desk as ${typeof claims?.email === 'string' ? claims.email : '?'}`,
          )
        } catch (error) {
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
          errors.push(`${text} (${params.toString()})`)
          page(response, `Sign-in failed: ${params.get('error') ?? text}`)
        }
      } else if (url.pathname === '/backchannel' && request.method === 'POST') {
        let body = ''
        for await (const chunk of request) body += String(chunk)
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '')
        response.writeHead(200).end()
      } else if (url.pathname === '/bye') {
        page(response, 'Signed out of Alpha Desk')
      } else {
        response.writeHead(404).end()
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const configFor = (secret?: string) =>
    client.discovery(
      new URL(issuer),
      clientId,
      undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      { execute: [client.allowInsecureRequests] },
    )
  return {
    base,
    signIns,
    logoutTokens,
    errors,
    /**
     * Discovery waits until the service is registered (its client is looked up per request). With
     * a secret the service is a confidential client (client_secret_basic), else a public one.
     */
    async discover(secret?: string) {
      config = await configFor(secret)
      return config
    },
    /** A refresh, as this service or (with `secret`) as a copy of it holding that secret. */
    refresh: async (refreshToken: string, secret?: string) =>
      client.refreshTokenGrant(secret ? await configFor(secret) : config!, refreshToken),
    endSessionUrl: (idToken: string) =>
      client.buildEndSessionUrl(config!, {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${base}/bye`,
      }).href,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function html(response: ServerResponse, body: string) {
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><title>Alpha Desk</title><main>${body}</main></html>`)
}

/** A page of the service; in a popup it tells the window that opened it what it says. */
function page(response: ServerResponse, text: string) {
  html(
    response,
    `<h1>${escape(text)}</h1><script>window.opener?.postMessage(document.querySelector('h1').textContent, location.origin)</script>`,
  )
}

/** A form that posts the URL's parameters to its endpoint, as a form-posting service does. */
function formPage(response: ServerResponse, to: URL, label: string) {
  const inputs = [...to.searchParams]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('')
  const action = escape(to.origin + to.pathname)
  html(response, `<form method="post" action="${action}">${inputs}<button>${label}</button></form>`)
}

/** Signs in through a popup window, as oidc-client-ts's signinPopup does; shows what it heard. */
function popupPage(response: ServerResponse) {
  html(
    response,
    `<button onclick="window.open('/login', 'gatehouse', 'width=500,height=700')">Sign in in a popup</button><output role="status"></output><script>addEventListener('message', (e) => { if (e.origin === location.origin) document.querySelector('output').textContent = e.data })</script>`,
  )
}
