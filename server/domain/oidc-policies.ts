/**
 * Who may call what at the OpenID provider (docs/sso.md, "Browsers and other clients"): rules
 * oidc-provider asks about, kept apart from its configuration so they read as rules.
 */

/** What the provider knows of a cross-origin call to one of a client's endpoints. */
export interface CorsCall {
  origin: string
  /** The provider's route name: 'userinfo', 'token', 'revocation', 'introspection'. */
  route: string
  redirectUris: readonly string[]
  /** The client authenticates with a secret (not 'none'). */
  confidential: boolean
}

/**
 * May a page at `origin` call this client's endpoint from a browser (CORS)? Only the client's own
 * pages, the origins of its redirect URIs. A confidential client's secret does not belong in a
 * browser, so its token, revocation and introspection endpoints take no browser calls at all;
 * its pages may still read userinfo with an access token. Discovery and the JWKS are public and
 * stay open to every origin (the provider does not ask about them).
 */
export function corsAllowed(call: CorsCall): boolean {
  // Sandboxed frames and file: pages send "null", which names no one.
  if (call.origin === 'null') return false
  if (call.confidential && call.route !== 'userinfo') return false
  return call.redirectUris.some((uri) => URL.parse(uri)?.origin === call.origin)
}

/**
 * May `callerId` revoke a token issued to `ownerId`? A client revokes only its own tokens. Any
 * other token is left alone and the answer is the same 200 as for an unknown token (RFC 7009
 * §2.2), so revocation never tells a client whether someone else's token exists.
 */
export function mayRevoke(callerId: string, ownerId: string): boolean {
  return callerId === ownerId
}
