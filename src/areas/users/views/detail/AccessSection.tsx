import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { User } from '../../../../../schema/user'
import {
  userAccessMachine,
  type UserAccessActor,
  type UserAccessSnapshot,
} from '../../machines/userAccess.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { UserTypeField } from '../UserTypeField'
import { DetailSection } from './DetailSection'
import { PermissionGrid } from '../PermissionGrid'

const selectDraft = (s: UserAccessSnapshot) => s.context.draft
const selectBusy = (s: UserAccessSnapshot) => s.hasTag('busy')
const selectError = (s: UserAccessSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanSave = (s: UserAccessSnapshot) => s.can({ type: 'access.save' })

type Props = { user: User; readOnly: boolean }

/** The user's type and permissions by area (PermissionGrid); Save access. */
export function AccessSection({ user, readOnly }: Props) {
  const actor = useScreenActor(userAccessMachine, { input: { user } })
  if (!actor) return null
  return (
    <DetailSection title="Access">
      <AccessForm actor={actor} readOnly={readOnly} />
    </DetailSection>
  )
}

function AccessForm({ actor, readOnly }: { actor: UserAccessActor; readOnly: boolean }) {
  const draft = useSelector(actor, selectDraft)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canSave = useSelector(actor, selectCanSave)
  const locked = readOnly || busy
  const heading = useId()
  return (
    <SubmitForm label="Access" onSubmit={() => actor.send({ type: 'access.save' })} gap="3">
      <UserTypeField
        value={draft.type}
        disabled={locked}
        onChange={(value) => actor.send({ type: 'access.typeChanged', value })}
      />
      <Flex direction="column" gap="2">
        <Text id={heading} size="2" weight="medium">
          Permissions
        </Text>
        <PermissionGrid
          chosen={draft.permissions}
          disabled={locked}
          onChange={(permission, on) =>
            actor.send({ type: 'access.permissionToggled', permission, on })
          }
          labelledBy={heading}
        />
      </Flex>
      <ErrorText message={error} />
      {!readOnly && (
        <Flex justify="end">
          <Button type="submit" disabled={!canSave} loading={busy}>
            Save access
          </Button>
        </Flex>
      )}
    </SubmitForm>
  )
}
