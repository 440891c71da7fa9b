import { ExitIcon, LockClosedIcon, PersonIcon, Share1Icon } from '@radix-ui/react-icons'
import { DropdownMenu, IconButton } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
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
  to: '/profile' | '/password' | '/flows'
  label: string
  icon: ReactNode
}

/** The entries above the separator; each hides without its permission or with `hide` (SPEC.md §6). */
const ITEMS: readonly MenuItem[] = [
  { to: '/profile', label: 'My Profile', icon: <PersonIcon aria-hidden /> },
  { to: '/password', label: 'Change Password', icon: <LockClosedIcon aria-hidden /> },
  {
    to: '/flows',
    label: 'Flows',
    icon: <Share1Icon aria-hidden />,
    access: { permission: 'flows.read' },
  },
]

/**
 * The avatar menu (SPEC.md §2): the user's visage or initials; My Profile, Change Password, Flows
 * (issue 14, with flows.read), a separator, Logout.
 */
export function UserMenu({ user }: { user: SelfUser }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" radius="full" size="3" aria-label={userMenuLabel(user)}>
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
