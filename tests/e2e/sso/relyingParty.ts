import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'

export type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>

/**
 * A tiny service that signs its users in through Gatehouse with openid-client (code + PKCE), as
 * docs/sso.md's sample does: /login starts the sign-in, /callback takes the code,
 * /backchannel receives logout tokens, /bye is where RP-initiated logout ends.
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
      if (url.pathname === '/login') {
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
        response.writeHead(302, { location: to.href }).end()
      } else if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? ''
        try {
          const tokens = await client.authorizationCodeGrant(cfg, url, {
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
          errors.push(`${text} (${url.search})`)
          page(response, `Sign-in failed: ${url.searchParams.get('error') ?? text}`)
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

function page(response: ServerResponse, text: string) {
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><title>Alpha Desk</title><main><h1>${text}</h1></main></html>`,
    )
}
