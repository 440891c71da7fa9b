import { canAccess, type Access } from '../../machines/access'
import type { SelfUser } from '../../../../schema/user'

export type TabPath =
  | '/home'
  | '/sessions'
  | '/users'
  | '/services'
  | '/logs'
  | '/attributes'
  | '/roles'
  | '/groups'
  | '/queue'
  | '/webhooks'
  | '/dashboard'

/**
 * Anything the menus offer (SPEC.md §6): hidden when the person lacks its `access` (a permission,
 * ALLOW_ALL by default, and a user type) or when `hide` is set.
 */
export type MenuEntry = { access?: Access; hide?: boolean }

export type Tab = MenuEntry & {
  path: TabPath
  label: string
  access: Access
  desktopOnly?: boolean
}

/** Whether a menu entry shows: not hidden, and its access is granted. */
export const showsEntry = (user: Pick<SelfUser, 'permissions' | 'type'>, entry: MenuEntry) =>
  !entry.hide && canAccess(user, entry.access)

/** The entries of a menu the person may see, in order. */
export const visibleEntries = <E extends MenuEntry>(
  user: Pick<SelfUser, 'permissions' | 'type'>,
  entries: readonly E[],
): E[] => entries.filter((entry) => showsEntry(user, entry))

/**
 * The top-level navigation (SPEC.md §1, §6), in order. A tab hides when the person lacks what its
 * screen needs; Queue, Webhooks and Dashboard are for INTERNAL staff, Dashboard on desktop layouts only.
 */
export const TABS: readonly Tab[] = [
  { path: '/home', label: 'Home', access: {} },
  { path: '/sessions', label: 'Sessions', access: { permission: 'sessions.read' } },
  { path: '/users', label: 'Users', access: { permission: 'users.read' } },
  { path: '/services', label: 'Services', access: { permission: 'services.read' } },
  { path: '/logs', label: 'Logs', access: { permission: 'logs.read' } },
  { path: '/attributes', label: 'Attributes', access: { permission: 'attributes.read' } },
  { path: '/roles', label: 'Roles', access: { permission: 'roles.read' } },
  { path: '/groups', label: 'Groups', access: { permission: 'roles.read' } },
  { path: '/queue', label: 'Queue', access: { type: 'INTERNAL', permission: 'queue.read' } },
  {
    path: '/webhooks',
    label: 'Webhooks',
    access: { type: 'INTERNAL', permission: 'webhooks.write' },
  },
  {
    path: '/dashboard',
    label: 'Dashboard',
    access: { type: 'INTERNAL', permission: 'dashboard.read' },
    desktopOnly: true,
  },
]

export function visibleTabs(user: Pick<SelfUser, 'permissions' | 'type'>, desktop: boolean): Tab[] {
  return visibleEntries(user, TABS).filter((tab) => desktop || !tab.desktopOnly)
}

/** The bottom bar's room: more tabs than this, and the last places make way for a More menu. */
export const BOTTOM_BAR_SLOTS = 5

/**
 * The bottom bar's tabs (SPEC.md §2 navigation shell): all of them when they fit its slots;
 * otherwise the first four (Home and the everyday screens, in the menu's order, so that they never
 * move) and a More menu with the rest.
 */
export function bottomBarTabs(tabs: readonly Tab[]): { bar: Tab[]; more: Tab[] } {
  if (tabs.length <= BOTTOM_BAR_SLOTS) return { bar: [...tabs], more: [] }
  return { bar: tabs.slice(0, BOTTOM_BAR_SLOTS - 1), more: tabs.slice(BOTTOM_BAR_SLOTS - 1) }
}

const segments = (pathname: string) => pathname.split('/').filter(Boolean)

/** The active tab comes from the first path segment; anything else counts as Home. */
export function activeTabPath(pathname: string): TabPath {
  const first = `/${segments(pathname)[0] ?? ''}`
  return TABS.find((tab) => tab.path === first)?.path ?? '/home'
}

/** The phone bottom bar belongs to top-level screens only: paths of at most one segment. */
export const showsBottomBar = (pathname: string): boolean => segments(pathname).length <= 1

/** Detail screens (more than one segment) get a back arrow to the path one level up. */
export function parentPath(pathname: string): string | undefined {
  const parts = segments(pathname)
  return parts.length > 1 ? `/${parts.slice(0, -1).join('/')}` : undefined
}

/** 'Ada Lovelace' → 'AL'; falls back to the email's first letter. */
export function initials(user: Pick<SelfUser, 'nameFirst' | 'nameLast' | 'email'>): string {
  const letters = `${user.nameFirst.trim().charAt(0)}${user.nameLast.trim().charAt(0)}`
  return (letters || user.email.charAt(0)).toUpperCase()
}

/**
 * The avatar trigger's accessible name. It starts with the initials the trigger shows, so that a
 * person who says what they see ("click AL") reaches it (WCAG 2.5.3, axe's
 * label-content-name-mismatch), then says what it is and whose: 'AL, user menu for Ada Lovelace'.
 */
export function userMenuLabel(user: Pick<SelfUser, 'nameFirst' | 'nameLast' | 'email'>): string {
  const name = `${user.nameFirst.trim()} ${user.nameLast.trim()}`.trim() || user.email
  return `${initials(user)}, user menu for ${name}`
}
