import { Button, Flex } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type {
  AccessAssignmentsActor,
  AccessAssignmentsSnapshot,
} from '../../../machines/accessAssignments.machine'
import { TitledSection } from '../../../../../kit/views/section/TitledSection'
import { AssignedList } from './AssignedList'
import { LabelledSelect } from './LabelledSelect'

const selectMemberOf = (s: AccessAssignmentsSnapshot) => s.context.read?.access.groups ?? []
const selectGroups = (s: AccessAssignmentsSnapshot) => s.context.read?.groups ?? []
const selectGroup = (s: AccessAssignmentsSnapshot) => s.context.group
const selectCanAdd = (s: AccessAssignmentsSnapshot) => s.can({ type: 'groups.add' })
const selectCanPick = (s: AccessAssignmentsSnapshot) =>
  s.can({ type: 'groups.picked', groupId: '' })
const selectCanRemove = (s: AccessAssignmentsSnapshot) =>
  s.can({ type: 'groups.remove', groupId: '' })

type Props = { actor: AccessAssignmentsActor; readOnly: boolean }

const removeFrom = (name: string) => `Remove from group ${name}`

/** The groups the user is a member of, each with Remove; 'Add to group' with the others. */
export function GroupsPart({ actor, readOnly }: Props) {
  const memberOf = useSelector(actor, selectMemberOf, shallowEqual)
  const canRemove = useSelector(actor, selectCanRemove)
  return (
    <TitledSection title="Groups" titleStyle={{ weight: 'medium' }} gap="2">
      <AssignedList
        label="Groups"
        empty="In no group."
        items={memberOf.map((g) => ({ key: g.id, text: g.name }))}
        removeLabel={removeFrom}
        onRemove={
          readOnly
            ? undefined
            : (index) => {
                const group = memberOf[index]
                if (group) actor.send({ type: 'groups.remove', groupId: group.id })
              }
        }
        removable={canRemove}
      />
      {!readOnly && <AddGroup actor={actor} />}
    </TitledSection>
  )
}

function AddGroup({ actor }: { actor: AccessAssignmentsActor }) {
  const memberOf = useSelector(actor, selectMemberOf, shallowEqual)
  const groups = useSelector(actor, selectGroups, shallowEqual)
  const group = useSelector(actor, selectGroup)
  const canAdd = useSelector(actor, selectCanAdd)
  const canPick = useSelector(actor, selectCanPick)
  const others = groups.filter((g) => !memberOf.some((m) => m.id === g.id))
  return (
    <Flex gap="2" align="end" wrap="wrap">
      <LabelledSelect
        label="Group"
        placeholder={others.length ? 'Choose a group' : 'No other group'}
        value={group}
        options={others.map((g) => ({ value: g.id, label: g.name }))}
        disabled={!canPick || others.length === 0}
        onChange={(groupId) => actor.send({ type: 'groups.picked', groupId })}
      />
      <Button variant="soft" disabled={!canAdd} onClick={() => actor.send({ type: 'groups.add' })}>
        Add to group
      </Button>
    </Flex>
  )
}
