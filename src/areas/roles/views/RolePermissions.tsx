import { Flex, Select, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { PERMISSION_AREAS } from '../../../../schema/permission-text'
import type { RolesScreenActor } from '../machines/rolesScreen.machine'
import { selectRoles, selectShown } from '../machines/rolesScreen.selectors'
import { Held, PermissionName } from './PermissionMatrix'

/**
 * The matrix on a phone: one role at a time. A role is picked, and its permissions show by area,
 * each with a check mark when the role has it.
 */
export function RolePermissions({ actor }: { actor: RolesScreenActor }) {
  const roles = useSelector(actor, selectRoles)
  const shown = useSelector(actor, selectShown)
  const id = useId()
  if (!shown) return null
  return (
    <Flex direction="column" gap="3">
      <Flex direction="column" gap="1">
        <Text as="label" id={id} size="2" weight="medium">
          Role
        </Text>
        <Select.Root
          value={shown.id}
          onValueChange={(roleId) => actor.send({ type: 'roles.show', roleId })}
        >
          <Select.Trigger aria-labelledby={id} />
          <Select.Content position="popper">
            {roles.map((role) => (
              <Select.Item key={role.id} value={role.id}>
                {role.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex asChild direction="column" gap="3" m="0" p="0" style={{ listStyle: 'none' }}>
        <ul aria-label={`Permissions of ${shown.name}`}>
          {PERMISSION_AREAS.map(({ area, about, verbs }) => (
            <li key={area}>
              <Flex
                direction="column"
                gap="2"
                pt="2"
                style={{ borderTop: '1px solid var(--gray-a4)' }}
              >
                <Flex direction="column">
                  <Text size="2" weight="bold">
                    {area}
                  </Text>
                  <Text size="1" color="gray">
                    {about}
                  </Text>
                </Flex>
                {verbs.map(({ permission, verb }) => (
                  <Flex key={permission} gap="3" align="start" justify="between">
                    <PermissionName permission={permission} verb={verb} area={area} />
                    <Flex flexShrink="0" pt="1">
                      <Held on={shown.permissions.includes(permission)} />
                    </Flex>
                  </Flex>
                ))}
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
    </Flex>
  )
}
