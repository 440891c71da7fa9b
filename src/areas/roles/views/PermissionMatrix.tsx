import { CheckIcon } from '@radix-ui/react-icons'
import { Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import { Fragment } from 'react'
import type { Role } from '../../../../schema/access'
import type { Permission } from '../../../../schema/permissions'
import { PERMISSION_AREAS, PERMISSION_TEXT } from '../../../../schema/permission-text'

const CODE = { fontFamily: 'var(--code-font-family)' } as const

/** A permission as a row names it: its verb and area, what it allows, and its identifier. */
export function PermissionName({ permission, verb, area }: PermissionWords) {
  return (
    <Flex direction="column" gap="1" minWidth="0">
      <Text size="2" weight="medium">
        {verb} {area}
      </Text>
      <Text size="1" color="gray">
        {PERMISSION_TEXT[permission]}
      </Text>
      <Text size="1" color="gray" style={CODE}>
        {permission}
      </Text>
    </Flex>
  )
}

type PermissionWords = { permission: Permission; verb: string; area: string }

/** A cell of the matrix: a check mark where the role has the permission ('Yes' or 'No' to hear). */
export function Held({ on }: { on: boolean }) {
  return on ? (
    <>
      <CheckIcon width={20} height={20} aria-hidden style={{ color: 'var(--accent-11)' }} />
      <VisuallyHidden>Yes</VisuallyHidden>
    </>
  ) : (
    <>
      <Text color="gray" aria-hidden>
        –
      </Text>
      <VisuallyHidden>No</VisuallyHidden>
    </>
  )
}

/**
 * The role × permission matrix (desktop): a row per permission, grouped by area with the area's
 * line, each with what it allows; a column per role; a check mark where the role has it.
 */
export function PermissionMatrix({ roles }: { roles: readonly Role[] }) {
  return (
    // Radix puts props on the wrapper, so the table is named by its caption.
    <Table.Root variant="surface" size="1">
      <VisuallyHidden asChild>
        <caption>Permissions by role</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell style={{ minWidth: '16rem' }}>Permission</Table.ColumnHeaderCell>
          {roles.map((role) => (
            <Table.ColumnHeaderCell
              key={role.id}
              justify="center"
              style={{ overflowWrap: 'anywhere', minWidth: '6rem' }}
            >
              {role.name}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {PERMISSION_AREAS.map(({ area, about, verbs }) => (
          <Fragment key={area}>
            <Table.Row style={{ background: 'var(--gray-a2)' }}>
              <Table.RowHeaderCell colSpan={roles.length + 1}>
                <Text size="2" weight="bold">
                  {area}
                </Text>{' '}
                <Text size="1" color="gray">
                  {about}
                </Text>
              </Table.RowHeaderCell>
            </Table.Row>
            {verbs.map(({ permission, verb }) => (
              <Table.Row key={permission}>
                <Table.RowHeaderCell>
                  <PermissionName permission={permission} verb={verb} area={area} />
                </Table.RowHeaderCell>
                {roles.map((role) => (
                  <Table.Cell key={role.id} justify="center" style={{ verticalAlign: 'middle' }}>
                    <Held on={role.permissions.includes(permission)} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Fragment>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
