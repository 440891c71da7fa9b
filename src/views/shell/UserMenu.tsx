import { ExitIcon, LockClosedIcon, PersonIcon } from '@radix-ui/react-icons'
import { DropdownMenu, IconButton } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { SelfUser } from '../../../schema/user'
import { VisageAvatar } from '../profile/VisageAvatar'
import { initials } from './navigation'

/**
 * The avatar menu (SPEC.md §2): the user's visage or initials; My Profile, Change Password, a
 * separator, Logout.
 */
export function UserMenu({ user }: { user: SelfUser }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" radius="full" size="3" aria-label="User menu">
          <VisageAvatar
            userId={user.id}
            visage={user.visage}
            size="2"
            radius="full"
            variant="solid"
            fallback={initials(user)}
            alt=""
          />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" variant="soft">
        <DropdownMenu.Label>
          {user.nameFirst} {user.nameLast}
        </DropdownMenu.Label>
        <DropdownMenu.Item asChild>
          <Link to="/profile">
            <PersonIcon aria-hidden /> My Profile
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild>
          <Link to="/password">
            <LockClosedIcon aria-hidden /> Change Password
          </Link>
        </DropdownMenu.Item>
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
