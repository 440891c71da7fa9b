import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { UserAccessActor, UserAccessSnapshot } from '../../../machines/userAccess.machine'
import { ErrorText } from '../../../../../kit/views/form/ErrorText'
import { SubmitForm } from '../../../../../kit/views/form/SubmitForm'
import { PermissionGrid } from '../../PermissionGrid'
import { UserTypeField } from '../../UserTypeField'

const selectDraft = (s: UserAccessSnapshot) => s.context.draft
const selectBusy = (s: UserAccessSnapshot) => s.hasTag('busy')
const selectError = (s: UserAccessSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanSave = (s: UserAccessSnapshot) => s.can({ type: 'access.save' })

type Props = { actor: UserAccessActor; readOnly: boolean }

/** The user's type (Internal, External), at the top of the section. */
export function TypePart({ actor, readOnly }: Props) {
  const type = useSelector(actor, selectDraft).type
  const busy = useSelector(actor, selectBusy)
  return (
    <UserTypeField
      value={type}
      disabled={readOnly || busy}
      onChange={(value) => actor.send({ type: 'access.typeChanged', value })}
    />
  )
}

/**
 * The permissions given to the user directly, beside their roles: exceptions, by area
 * (PermissionGrid); Save access saves them with the type.
 */
export function DirectPart({ actor, readOnly }: Props) {
  const draft = useSelector(actor, selectDraft)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canSave = useSelector(actor, selectCanSave)
  const heading = useId()
  return (
    <SubmitForm label="Access" onSubmit={() => actor.send({ type: 'access.save' })} gap="3">
      <Flex direction="column" gap="2">
        <Text id={heading} size="2" weight="medium">
          Direct permissions (exceptions)
        </Text>
        <PermissionGrid
          chosen={draft.permissions}
          disabled={readOnly || busy}
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
