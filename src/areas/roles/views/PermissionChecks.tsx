import { Checkbox, Flex, Text } from '@radix-ui/themes'
import { useId } from 'react'
import type { Permission } from '../../../../schema/permissions'
import {
  PERMISSION_AREAS,
  PERMISSION_TEXT,
  permissionLabel,
} from '../../../../schema/permission-text'

type Props = {
  chosen: readonly Permission[]
  disabled: boolean
  onChange: (permission: Permission, on: boolean) => void
}

/**
 * A role's permissions as checkboxes by area: the area's name, then each permission named by its
 * verb and area ('View Users') with what it allows under it.
 */
export function PermissionChecks({ chosen, disabled, onChange }: Props) {
  const heading = useId()
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby={heading}>
      <Text id={heading} size="2" weight="medium">
        Permissions
      </Text>
      {PERMISSION_AREAS.map(({ area, verbs }) => (
        <Flex
          key={area}
          direction="column"
          gap="2"
          pt="2"
          style={{ borderTop: '1px solid var(--gray-a4)' }}
        >
          <Text size="2" weight="bold">
            {area}
          </Text>
          {verbs.map(({ permission }) => (
            <PermissionCheck
              key={permission}
              permission={permission}
              on={chosen.includes(permission)}
              disabled={disabled}
              onChange={onChange}
            />
          ))}
        </Flex>
      ))}
    </Flex>
  )
}

function PermissionCheck({
  permission,
  on,
  disabled,
  onChange,
}: {
  permission: Permission
  on: boolean
  disabled: boolean
  onChange: Props['onChange']
}) {
  const id = useId()
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="start">
        <Checkbox
          checked={on}
          disabled={disabled}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-what`}
          onCheckedChange={(checked) => onChange(permission, checked === true)}
          style={{ marginTop: 2 }}
        />
        <Flex direction="column">
          <Text id={`${id}-name`}>{permissionLabel(permission)}</Text>
          <Text id={`${id}-what`} size="1" color="gray">
            {PERMISSION_TEXT[permission]}
          </Text>
        </Flex>
      </Flex>
    </Text>
  )
}
