import { Badge, Flex, Heading, Text } from '@radix-ui/themes'
import type { User } from '../../../../../schema/user'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { AccessSection } from './AccessSection'
import { ExplainSection } from './ExplainSection'
import { FactorsSection } from './FactorsSection'
import { ProfileSection } from './ProfileSection'
import { SessionsSection } from './SessionsSection'
import { StatusSection } from './StatusSection'
import { TimelineSection } from './TimelineSection'
import { STATUS_COLOR, userStatusText } from './userStatus'

/** What the charts of a section start from: a change to it (a sync, a save) starts them afresh. */
const accessKey = (u: User) => `${u.id}:${u.type}:${u.permissions.join()}`
const statusKey = (u: User) =>
  [u.id, u.locked, u.disabled, u.mustChangePassword, u.use2FA, u.passkeys].join(':')
// The factors are read from the server: a change the cache hears of (a reset, Turn off two-factor,
// an app enrolled meanwhile) reads them again.
const factorsKey = (u: User) => [u.id, u.authenticator, u.use2FA, u.phone, u.passkeys].join(':')

/**
 * One user (issue 15 'The detail'): the name, email and status; Profile, Access (roles, groups,
 * direct and effective permissions; issue 31), Why can they?, Status, Second factors (issue 28),
 * Sessions and Timeline. Without users.write it all reads as it is (no action buttons, no edit
 * icons); without users.access, so does Access.
 */
export function UserPane({ user }: { user: User }) {
  const writable = useAccess({ permission: 'users.write' })
  // Roles, groups, the type and direct permissions are users.access's (issue 31).
  const grants = useAccess({ permission: 'users.access' })
  const sessionsReadable = useAccess({ permission: 'sessions.read' })
  const status = userStatusText(user)
  return (
    <Flex direction="column" gap="4" asChild>
      <article aria-labelledby="user-detail-name">
        <Flex direction="column" gap="1">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="6" id="user-detail-name" style={{ overflowWrap: 'anywhere' }}>
              {user.nameFirst} {user.nameLast}
            </Heading>
            <Badge color={STATUS_COLOR[status]} highContrast>
              {status}
            </Badge>
          </Flex>
          <Text color="gray" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          {user.pendingEmail && (
            <Text size="2" color="amber" style={{ overflowWrap: 'anywhere' }}>
              Waiting for {user.pendingEmail} to confirm
            </Text>
          )}
        </Flex>
        <ProfileSection user={user} readOnly={!writable} />
        <AccessSection key={accessKey(user)} user={user} readOnly={!grants} />
        <ExplainSection user={user} />
        {writable && <StatusSection key={statusKey(user)} user={user} />}
        <FactorsSection key={factorsKey(user)} user={user} writable={writable} />
        {sessionsReadable && <SessionsSection user={user} />}
        <TimelineSection userId={user.id} />
      </article>
    </Flex>
  )
}
