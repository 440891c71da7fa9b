import { Pencil1Icon, TrashIcon } from '@radix-ui/react-icons'
import { Badge, Box, Flex, IconButton, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Role } from '../../../../schema/access'
import { BUILT_IN_FIXED, holdersText } from '../machines/roles.messages'
import type { RolesScreenActor } from '../machines/rolesScreen.machine'
import { selectCanChange, selectRoles } from '../machines/rolesScreen.selectors'

/**
 * The roles, each with its description and how many users hold it; built-in ones are marked, and
 * with roles.write each custom role has Edit and Delete. Why built-in ones have neither is said once.
 */
export function RoleList({ actor, write }: { actor: RolesScreenActor; write: boolean }) {
  const roles = useSelector(actor, selectRoles)
  const canChange = useSelector(actor, selectCanChange)
  return (
    <Flex direction="column" gap="3">
      {write && roles.some((role) => role.builtIn !== null) && (
        <Text as="p" size="2" color="gray">
          {BUILT_IN_FIXED}
        </Text>
      )}
      <Flex asChild direction="column" m="0" p="0" style={{ listStyle: 'none' }}>
        <ul aria-label="Roles">
          {roles.map((role) => (
            <RoleItem
              key={role.id}
              role={role}
              actions={
                write && role.builtIn === null ? (
                  <RoleActions actor={actor} role={role} disabled={!canChange} />
                ) : null
              }
            />
          ))}
        </ul>
      </Flex>
    </Flex>
  )
}

function RoleItem({ role, actions }: { role: Role; actions: React.ReactNode }) {
  return (
    <Box asChild py="3" style={{ borderTop: '1px solid var(--gray-a4)' }}>
      <li aria-label={role.name}>
        <Flex gap="3" align="start" justify="between">
          <Flex direction="column" gap="1" minWidth="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight="bold" style={{ overflowWrap: 'anywhere' }}>
                {role.name}
              </Text>
              {role.builtIn !== null && (
                <Badge color="gray" variant="soft">
                  Built-in
                </Badge>
              )}
            </Flex>
            {role.description && (
              <Text size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
                {role.description}
              </Text>
            )}
          </Flex>
          <Flex gap="3" align="center" flexShrink="0">
            <Text size="2" color="gray" style={{ whiteSpace: 'nowrap' }}>
              {holdersText(role.holders)}
            </Text>
            {actions}
          </Flex>
        </Flex>
      </li>
    </Box>
  )
}

function RoleActions({
  actor,
  role,
  disabled,
}: {
  actor: RolesScreenActor
  role: Role
  disabled: boolean
}) {
  return (
    <Flex gap="1">
      <IconButton
        variant="ghost"
        color="gray"
        aria-label={`Edit ${role.name}`}
        title={`Edit ${role.name}`}
        disabled={disabled}
        onClick={() => actor.send({ type: 'roles.edit', roleId: role.id })}
      >
        <Pencil1Icon />
      </IconButton>
      <IconButton
        variant="ghost"
        color="red"
        aria-label={`Delete ${role.name}`}
        title={`Delete ${role.name}`}
        disabled={disabled}
        onClick={() => actor.send({ type: 'roles.delete', roleId: role.id })}
      >
        <TrashIcon />
      </IconButton>
    </Flex>
  )
}
