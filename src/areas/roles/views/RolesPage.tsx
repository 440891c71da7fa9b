import { PlusIcon } from '@radix-ui/react-icons'
import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { ReadFailure, Reading } from '../../../kit/views/page/ReadStatus'
import { CardSection } from '../../../kit/views/section/CardSection'
import {
  rolesScreenMachine,
  type RolesScreenActor,
  type RolesScreenSnapshot,
} from '../machines/rolesScreen.machine'
import {
  selectCanCreate,
  selectLoading,
  selectReadError,
  selectRoles,
} from '../machines/rolesScreen.selectors'
import { DeleteRoleDialog } from './DeleteRoleDialog'
import { PermissionMatrix } from './PermissionMatrix'
import { RoleEditorDialog } from './RoleEditorDialog'
import { RoleList } from './RoleList'
import { RolePermissions } from './RolePermissions'

const selectRead = (s: RolesScreenSnapshot) => ({
  loading: selectLoading(s),
  error: selectReadError(s),
  empty: selectRoles(s).length === 0,
})

/** The roles and the matrix once read; 'Loading the roles…' or the failure before. */
function RolesBody({ actor, write }: { actor: RolesScreenActor; write: boolean }) {
  const { loading, error, empty } = useSelector(actor, selectRead, shallowEqual)
  const roles = useSelector(actor, selectRoles)
  const desktop = useMediaQuery(MEDIA.desktop)
  if (loading) return <Reading message="Loading the roles…" />
  if (error)
    return (
      <ReadFailure
        message="The roles could not be loaded"
        error={error}
        onRetry={() => actor.send({ type: 'roles.reload' })}
      />
    )
  if (empty) return <Text color="gray">There are no roles yet.</Text>
  return (
    <>
      <CardSection title="Roles">
        <RoleList actor={actor} write={write} />
      </CardSection>
      <CardSection title="Permissions by role">
        <Text as="p" size="2" color="gray">
          {desktop
            ? 'What each role allows: a check mark where the role has the permission.'
            : 'Pick a role to see what it allows.'}
        </Text>
        {desktop ? <PermissionMatrix roles={roles} /> : <RolePermissions actor={actor} />}
      </CardSection>
    </>
  )
}

/** The Roles screen around its statechart; `write`: New role, Edit and Delete show. */
export function RolesView({ actor, write }: { actor: RolesScreenActor; write: boolean }) {
  const canCreate = useSelector(actor, selectCanCreate)
  return (
    <Flex direction="column" gap="4">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <PageHeader title="Roles" />
        {write && (
          <Button disabled={!canCreate} onClick={() => actor.send({ type: 'roles.create' })}>
            <PlusIcon /> New role
          </Button>
        )}
      </Flex>
      <RolesBody actor={actor} write={write} />
      <RoleEditorDialog page={actor} />
      <DeleteRoleDialog actor={actor} />
    </Flex>
  )
}

/** /roles (roles.read): the roles, what each allows and, with roles.write, their changes. */
export function RolesPage() {
  const actor = useScreenActor(rolesScreenMachine)
  const write = useAccess({ permission: 'roles.write' })
  if (!actor) return null
  return <RolesView actor={actor} write={write} />
}
