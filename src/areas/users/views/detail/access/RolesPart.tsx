import { Button, Flex } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import {
  canScope,
  grantableRoles,
  type AccessAssignmentsActor,
  type AccessAssignmentsSnapshot,
} from '../../../machines/accessAssignments.machine'
import { assignmentText, EVERYWHERE } from '../../../machines/accessAssignments.messages'
import { TitledSection } from '../../../../../kit/views/section/TitledSection'
import { AssignedList } from './AssignedList'
import { LabelledSelect } from './LabelledSelect'

/** Radix refuses an empty item value: the scope "no group" travels under this one. */
const EVERYWHERE_VALUE = 'everywhere'

const selectAssignments = (s: AccessAssignmentsSnapshot) => s.context.read?.access.assignments ?? []
const selectRoles = (s: AccessAssignmentsSnapshot) => grantableRoles(s.context)
const selectGroups = (s: AccessAssignmentsSnapshot) => s.context.read?.groups ?? []
const selectPick = (s: AccessAssignmentsSnapshot) => ({
  role: s.context.role,
  scope: s.context.scope,
  scopable: canScope(s.context),
})
const selectCanAdd = (s: AccessAssignmentsSnapshot) => s.can({ type: 'roles.add' })
const selectCanPick = (s: AccessAssignmentsSnapshot) => s.can({ type: 'roles.picked', roleId: '' })
const selectCanRemove = (s: AccessAssignmentsSnapshot) =>
  s.can({ type: 'roles.remove', roleId: '', groupId: null })

type Props = { actor: AccessAssignmentsActor; readOnly: boolean }

/**
 * The user's role assignments ('Help desk', 'Help desk for group Pharmacy staff'), each with
 * Remove; 'Add role' offers the roles the signed-in person holds every permission of, everywhere
 * or for one group's members.
 */
export function RolesPart({ actor, readOnly }: Props) {
  const assignments = useSelector(actor, selectAssignments, shallowEqual)
  const canRemove = useSelector(actor, selectCanRemove)
  return (
    <TitledSection title="Roles" titleStyle={{ weight: 'medium' }} gap="2">
      <AssignedList
        label="Roles"
        empty="No roles."
        items={assignments.map((a) => ({
          key: `${a.roleId}:${a.groupId ?? ''}`,
          text: assignmentText(a),
        }))}
        onRemove={
          readOnly
            ? undefined
            : (index) => {
                const a = assignments[index]
                if (a) actor.send({ type: 'roles.remove', roleId: a.roleId, groupId: a.groupId })
              }
        }
        removable={canRemove}
      />
      {!readOnly && <AddRole actor={actor} />}
    </TitledSection>
  )
}

function AddRole({ actor }: { actor: AccessAssignmentsActor }) {
  const roles = useSelector(actor, selectRoles, shallowEqual)
  const groups = useSelector(actor, selectGroups, shallowEqual)
  const { role, scope, scopable } = useSelector(actor, selectPick, shallowEqual)
  const canAdd = useSelector(actor, selectCanAdd)
  const canPick = useSelector(actor, selectCanPick)
  return (
    <Flex gap="2" align="end" wrap="wrap">
      <LabelledSelect
        label="Role"
        placeholder="Choose a role"
        value={role}
        options={roles.map((r) => ({ value: r.id, label: r.name }))}
        disabled={!canPick || roles.length === 0}
        onChange={(roleId) => actor.send({ type: 'roles.picked', roleId })}
      />
      <LabelledSelect
        label="Scope"
        placeholder={EVERYWHERE}
        value={scope ?? EVERYWHERE_VALUE}
        options={[
          { value: EVERYWHERE_VALUE, label: EVERYWHERE },
          ...groups.map((g) => ({ value: g.id, label: `For group ${g.name}` })),
        ]}
        disabled={!canPick || !scopable}
        onChange={(value) =>
          actor.send({ type: 'roles.scoped', groupId: value === EVERYWHERE_VALUE ? null : value })
        }
      />
      <Button variant="soft" disabled={!canAdd} onClick={() => actor.send({ type: 'roles.add' })}>
        Add role
      </Button>
    </Flex>
  )
}
