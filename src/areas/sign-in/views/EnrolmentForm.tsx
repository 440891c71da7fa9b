import { Flex, Spinner, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { LoginActor, LoginSnapshot } from '../machines/login.machine'
import {
  selectBusy,
  selectCanVerify,
  selectCode,
  selectCodeError,
  selectSetup,
} from '../machines/login.selectors'
import { AuthenticatorSecret } from '../../../kit/views/factors/AuthenticatorSecret'
import { FormField } from '../../../kit/views/form/FormField'
import { SubmitButton } from '../../../kit/views/form/SubmitButton'
import { SubmitForm } from '../../../kit/views/form/SubmitForm'
import { BackToLogin } from './BackToLogin'

const selectForm = (s: LoginSnapshot) => ({
  setup: selectSetup(s),
  code: selectCode(s),
  codeError: selectCodeError(s),
  busy: selectBusy(s),
  canVerify: selectCanVerify(s),
})

/**
 * The enrolment the policy requires (docs/second-factors.md): the account has no second factor
 * and its grace is over, so an authenticator app is set up here before the session opens.
 */
export function EnrolmentForm({ actor }: { actor: LoginActor }) {
  const { setup, code, codeError, busy, canVerify } = useSelector(actor, selectForm, shallowEqual)
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'mfa.submit' })}>
      <Text as="p">
        Your organisation requires a second factor for your account. Set up an authenticator app to
        continue.
      </Text>
      {setup ? (
        <AuthenticatorSecret secret={setup.secret} uri={setup.uri} stacked />
      ) : (
        <Flex justify="center" p="6">
          <Spinner size="3" aria-label="Preparing your authenticator key" />
        </Flex>
      )}
      <FormField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        readOnly={busy}
        disabled={!setup}
        value={code}
        error={codeError}
        onValueChange={(value) => actor.send({ type: 'mfa.codeChanged', value })}
      />
      <SubmitButton busy={busy} canSubmit={canVerify}>
        Verify
      </SubmitButton>
      <BackToLogin actor={actor} busy={busy} />
    </SubmitForm>
  )
}
