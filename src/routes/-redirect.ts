/**
 * The `redirect` search parameter comes from the address bar, so only a path on this origin is
 * followed ('/x', not '//evil.example' or 'https://…'); anything else goes home.
 */
export function safeRedirect(target: unknown, fallback = '/home'): string {
  if (typeof target !== 'string') return fallback
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback
  if (/^\/(login|logout)\b/i.test(target)) return fallback
  return target
}

export type RedirectSearch = { redirect?: string }

/** validateSearch for the signed-out screens: keep a string `redirect`, drop everything else. */
export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {}
}
