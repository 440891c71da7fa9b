import { useEffect } from 'react'

/** What every tab's title ends with. */
export const PRODUCT = 'Gatehouse'

/** Top-level pages by their first path segment (lower case: routes match case-insensitively). */
const PAGES: Readonly<Record<string, string>> = {
  home: 'Home',
  profile: 'Profile',
  password: 'Change Password',
  sessions: 'Sessions',
  users: 'Users',
  services: 'Services',
  logs: 'Logs',
  attributes: 'Attribute Editor',
  roles: 'Roles',
  groups: 'Groups',
  queue: 'Queue',
  webhooks: 'Webhooks',
  dashboard: 'Dashboard',
  flows: 'Flows',
  tokens: 'API tokens',
  login: 'Admin Login',
  forgotpassword: 'Forgot Password',
  passwordreset: 'Password Reset',
  verifyemail: 'Confirm your email',
  oidc: 'Sign in',
}

/** What a page one level down is called: the path names only the flow of /flows/{machine}. */
const DETAILS: Readonly<Record<string, (segment: string) => string>> = {
  users: () => 'User',
  services: () => 'Service',
  webhooks: () => 'Endpoint',
  attributes: () => 'Demo',
  flows: (segment) => decodeSegment(segment),
}

/**
 * The browser tab's title for a path: the page, then the product, so that tabs and history tell
 * the console's pages apart ('Users · Gatehouse', 'User · Users · Gatehouse',
 * 'login · Flows · Gatehouse'). A path no page claims is titled by the product alone.
 */
export function pageTitle(pathname: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean)
  const key = first.toLowerCase()
  const page = PAGES[key]
  if (!page) return PRODUCT
  const detail = second === undefined ? undefined : DETAILS[key]?.(second)
  return detail ? `${detail} · ${page} · ${PRODUCT}` : `${page} · ${PRODUCT}`
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Keeps the document's title (the browser tab, history, screen readers' window name) in step. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title
  }, [title])
}
