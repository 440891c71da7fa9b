import { Box, Button, Checkbox, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { Permissions, type Permission } from '../../../../../schema/permissions'
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
import { PERMISSION_TEXT } from '../permissionText'

const selectDraft = (s: UserAccessSnapshot) => s.context.draft
const selectBusy = (s: UserAccessSnapshot) => s.hasTag('busy')
const selectError = (s: UserAccessSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanSave = (s: UserAccessSnapshot) => s.can({ type: 'access.save' })

type Props = { user: User; readOnly: boolean }

/** The user's type and permissions, each permission with what it allows; Save access. */
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
  return (
    <SubmitForm label="Access" onSubmit={() => actor.send({ type: 'access.save' })} gap="3">
      <UserTypeField
        value={draft.type}
        disabled={locked}
        onChange={(value) => actor.send({ type: 'access.typeChanged', value })}
      />
      <Flex direction="column" gap="2" role="group" aria-label="Permissions">
        {Permissions.map((permission) => (
          <PermissionBox
            key={permission}
            permission={permission}
            checked={draft.permissions.includes(permission)}
            disabled={locked}
            onChange={(on) => actor.send({ type: 'access.permissionToggled', permission, on })}
          />
        ))}
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

type BoxProps = {
  permission: Permission
  checked: boolean
  disabled: boolean
  onChange: (on: boolean) => void
}

/** A checkbox named by the permission string, and a line saying what it allows. */
function PermissionBox({ permission, checked, disabled, onChange }: BoxProps) {
  const hint = useId()
  const name = useId()
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="start">
        <Checkbox
          mt="1"
          checked={checked}
          disabled={disabled}
          aria-labelledby={name}
          aria-describedby={hint}
          onCheckedChange={(value) => onChange(value === true)}
        />
        <Box minWidth="0">
          <Text
            as="div"
            weight="medium"
            id={name}
            style={{ fontFamily: 'var(--code-font-family)' }}
          >
            {permission}
          </Text>
          <Text as="div" color="gray" id={hint}>
            {PERMISSION_TEXT[permission]}
          </Text>
        </Box>
      </Flex>
    </Text>
  )
}
