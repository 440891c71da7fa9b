import { ExitIcon, LockClosedIcon, PersonIcon, Share1Icon, TokensIcon } from '@radix-ui/react-icons'
import { DropdownMenu, IconButton } from '@radix-ui/themes'
import { Link, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SelfUser } from '../../../../schema/user'
import { VisageAvatar } from '../../account'
import {
  initials,
  userMenuLabel,
  visibleEntries,
  type MenuEntry,
} from '../../../kit/views/page/navigation'

type MenuItem = MenuEntry & {
  to: '/profile' | '/password' | '/tokens' | '/flows'
  label: string
  icon: ReactNode
}

/** The entries above the separator; each hides without its permission or with `hide` (SPEC.md §6). */
const ITEMS: readonly MenuItem[] = [
  { to: '/profile', label: 'My Profile', icon: <PersonIcon aria-hidden /> },
  { to: '/password', label: 'Change Password', icon: <LockClosedIcon aria-hidden /> },
  // Issue 31: anyone signed in may make tokens of their own permissions.
  { to: '/tokens', label: 'API tokens', icon: <TokensIcon aria-hidden /> },
  {
    to: '/flows',
    label: 'Flows',
    icon: <Share1Icon aria-hidden />,
    access: { permission: 'flows.read' },
  },
]

const selectFirstSegment = (state: { location: { pathname: string } }) =>
  state.location.pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? ''

/** The screens only this menu leads to: on them the avatar wears the accent ring. */
const MENU_SCREENS = new Set(ITEMS.map((item) => item.to.slice(1)))

/**
 * The avatar menu (SPEC.md §2): the user's visage or initials; My Profile, Change Password, API
 * tokens (issue 31), Flows (issue 14, with flows.read), a separator, Logout.
 */
export function UserMenu({ user }: { user: SelfUser }) {
  // SPEC.md §2 keeps Home as the active tab on these screens; the menu that leads to them shows
  // where the person is instead.
  const current = MENU_SCREENS.has(useRouterState({ select: selectFirstSegment }))
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton
          variant="ghost"
          radius="full"
          size="3"
          aria-label={userMenuLabel(user)}
          data-current={current || undefined}
          style={current ? { boxShadow: '0 0 0 2px var(--accent-9)' } : undefined}
        >
          {/* Soft and high contrast: white initials on the solid cyan were 2.8:1 (light and dark). */}
          <VisageAvatar
            userId={user.id}
            visage={user.visage}
            size="2"
            radius="full"
            variant="soft"
            highContrast
            fallback={initials(user)}
            alt=""
          />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" variant="soft">
        <DropdownMenu.Label>
          {user.nameFirst} {user.nameLast}
        </DropdownMenu.Label>
        {visibleEntries(user, ITEMS).map((item) => (
          <DropdownMenu.Item asChild key={item.to}>
            <Link to={item.to}>
              {item.icon} {item.label}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item asChild>
          <Link to="/logout">
            <ExitIcon aria-hidden /> Logout
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
