import { Button, Flex, Heading } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { PASSWORD_CHANGED } from '../../../../kit/machines/password.messages'
import type { ChangeActor, ChangeSnapshot } from '../../machines/passwordChange.machine'
import {
  selectBusy,
  selectCanLeave,
  selectCanSubmit,
  selectChanged,
  selectError,
  selectOldPassword,
  selectOldPasswordError,
  selectPassword,
  selectPasswordError,
  selectRepeat,
  selectRepeatError,
} from '../../machines/passwordChange.selectors'
import { PasswordField } from '../../../../kit/views/form/PasswordField'
import { SubmitButton } from '../../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'
import { NewPasswordFields } from '../../../../kit/views/form/NewPasswordFields'
import { SuccessCallout } from '../../../../kit/views/form/SuccessCallout'

type Props = {
  actor: ChangeActor
  /** The form's own title; the dialog has a title of its own instead. */
  title?: string
  /** More buttons beside Change Password (the dialog's Later). */
  children?: ReactNode
  /** The button under the success message: Home on the page, Close in the dialog. */
  leaveLabel?: string
}

/** Old Password, New Password twice and 'Change Password'; then the success message and Home. */
export function ChangePasswordForm({ actor, title, children, leaveLabel = 'Home' }: Props) {
  const changed = useSelector(actor, selectChanged)
  const canLeave = useSelector(actor, selectCanLeave)
  const error = useSelector(actor, selectError)
  return (
    <Flex direction="column" gap="4">
      {title && (
        <Heading as="h2" size="5">
          {title}
        </Heading>
      )}
      {error && <ErrorCallout message={error} />}
      {changed ? (
        <>
          <SuccessCallout message={PASSWORD_CHANGED} />
          <Button
            size="3"
            disabled={!canLeave}
            onClick={() => actor.send({ type: 'password.leave' })}
          >
            {leaveLabel}
          </Button>
        </>
      ) : (
        <Fields actor={actor}>{children}</Fields>
      )}
    </Flex>
  )
}

const selectFields = (s: ChangeSnapshot) => ({
  oldPassword: selectOldPassword(s),
  oldPasswordError: selectOldPasswordError(s),
  password: selectPassword(s),
  passwordError: selectPasswordError(s),
  repeat: selectRepeat(s),
  repeatError: selectRepeatError(s),
  busy: selectBusy(s),
  canSubmit: selectCanSubmit(s),
})

function Fields({ actor, children }: { actor: ChangeActor; children?: ReactNode }) {
  const { oldPassword, oldPasswordError, busy, canSubmit, ...fields } = useSelector(
    actor,
    selectFields,
    shallowEqual,
  )
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'password.submit' })}>
      <PasswordField
        label="Old Password"
        autoComplete="current-password"
        autoFocus
        readOnly={busy}
        value={oldPassword}
        error={oldPasswordError}
        onValueChange={(value) => actor.send({ type: 'password.oldChanged', value })}
      />
      <NewPasswordFields
        {...fields}
        busy={busy}
        onPasswordChange={(value) => actor.send({ type: 'password.newChanged', value })}
        onRepeatChange={(value) => actor.send({ type: 'password.repeatChanged', value })}
      />
      <Flex gap="3" justify="end" wrap="wrap">
        {children}
        <SubmitButton busy={busy} canSubmit={canSubmit}>
          Change Password
        </SubmitButton>
      </Flex>
    </SubmitForm>
  )
}
