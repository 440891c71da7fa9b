import { Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Permission } from '../../../../../schema/permissions'
import type { User } from '../../../../../schema/user'
import {
  accessAssignmentsMachine,
  type AccessAssignmentsActor,
  type AccessAssignmentsSnapshot,
} from '../../machines/accessAssignments.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { ReadFailure, Reading } from '../../../../kit/views/page/ReadStatus'
import { DirectPart, TypePart } from './access/DirectPart'
import { EffectivePart } from './access/EffectivePart'
import { GroupsPart } from './access/GroupsPart'
import { RolesPart } from './access/RolesPart'
import { useHeldPermissions } from './access/useHeldPermissions'
import { DetailSection } from './DetailSection'

const selectRead = (s: AccessAssignmentsSnapshot) => s.context.read !== null
const selectDirect = (s: AccessAssignmentsSnapshot) => s.context.direct
const selectLoading = (s: AccessAssignmentsSnapshot) =>
  s.hasTag('busy') && !s.hasTag('saving') && s.context.read === null
const selectReadError = (s: AccessAssignmentsSnapshot) =>
  s.hasTag('error') && !s.hasTag('refused') ? s.context.error : null
const selectRefusal = (s: AccessAssignmentsSnapshot) =>
  s.hasTag('refused') ? s.context.error : null

type Props = { user: User; readOnly: boolean }

/**
 * The user's access (issue 31): their type; their roles and groups; the permissions given to them
 * directly, shown as exceptions; and every permission they hold with where it comes from. Read
 * from the server (GET /v1/user/:id/access); changed with users.access.
 */
export function AccessSection({ user, readOnly }: Props) {
  const held = useHeldPermissions()
  return (
    <DetailSection title="Access">
      {held && <AccessChart user={user} held={held} readOnly={readOnly} />}
    </DetailSection>
  )
}

// The chart starts once the ceiling is known: its input is decided when it starts.
function AccessChart({ held, ...props }: Props & { held: readonly Permission[] }) {
  const actor = useScreenActor(accessAssignmentsMachine, { input: { user: props.user, held } })
  return actor ? <AccessParts actor={actor} readOnly={props.readOnly} /> : null
}

function AccessParts({ actor, readOnly }: { actor: AccessAssignmentsActor; readOnly: boolean }) {
  const read = useSelector(actor, selectRead)
  const direct = useSelector(actor, selectDirect)
  const loading = useSelector(actor, selectLoading)
  const readError = useSelector(actor, selectReadError)
  const refusal = useSelector(actor, selectRefusal)
  if (loading) return <Reading message="Loading access…" />
  return (
    <Flex direction="column" gap="4">
      {readError && (
        <ReadFailure
          message="The access could not be read"
          error={readError}
          onRetry={() => actor.send({ type: 'access.retry' })}
        />
      )}
      {direct && <TypePart actor={direct} readOnly={readOnly} />}
      {read && <RolesPart actor={actor} readOnly={readOnly} />}
      {read && <GroupsPart actor={actor} readOnly={readOnly} />}
      <ErrorText message={refusal} />
      {direct && <DirectPart actor={direct} readOnly={readOnly} />}
      {read && <EffectivePart actor={actor} />}
    </Flex>
  )
}
