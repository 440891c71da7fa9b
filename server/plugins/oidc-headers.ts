import type { ServerResponse } from 'node:http'
import { type Config, isHttps } from '../config'

/**
 * The security headers of the provider's answers (docs/server-security.md, "Headers"). Its pages
 * are small documents of our own (presenters/oidc-pages.ts) plus the provider's form_post page,
 * so the policy allows nothing but the pages' hashed style, the provider's hashed script (it adds
 * the hash of form_post's script to script-src itself), our images (a service's logo) and fonts.
 * There is no form-action here: form_post posts to the service's registered redirect URI,
 * wherever that is; the logout page, whose targets are known, adds its own.
 */
export function oidcPolicy(
  styleSource: string,
  // 'self' by default only gives the provider a script-src to add its hashes to; no script of
  // ours is served under /oidc.
  { script = "'self'", formAction }: { script?: string; formAction?: string } = {},
) {
  return [
    "default-src 'none'",
    `script-src ${script}`,
    `style-src ${styleSource}`,
    "img-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(formAction ? [`form-action ${formAction}`] : []),
  ].join('; ')
}

/**
 * Every answer under /oidc but the console's interaction page and API. No Cross-Origin-Opener-
 * Policy: a service that signs in through a popup (oidc-client-ts signinPopup) keeps its handle on
 * the window only while every page in it leaves the opener alone.
 */
export function oidcHeaders(config: Config, styleSource: string): Record<string, string> {
  return {
    'content-security-policy': oidcPolicy(styleSource),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Authorization URLs carry codes and state; no page of a service needs to see where it came from.
    'referrer-policy': 'no-referrer',
    ...(isHttps(config) ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  }
}

/** Sets the headers on a raw answer (the provider's are hijacked: Fastify's onSend skips them). */
export function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}
