import { Button, Flex, Heading, Text, TextField } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useId } from 'react'
import type {
  AuthenticatorActor,
  AuthenticatorSnapshot,
} from '../../machines/authenticator.machine'
import { AUTHENTICATOR_WORDS } from '../../machines/authenticator.messages'
import { AuthenticatorSecret } from '../../../../kit/views/factors/AuthenticatorSecret'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { SoftButton } from '../../../../kit/views/form/SoftButton'
import { SubmitForm } from '../../../../kit/views/form/SubmitForm'
import {
  selectBusy,
  selectCanCancel,
  selectCanVerify,
  selectCode,
  selectCodeError,
  selectSetup,
} from './selectors'

const selectStep = (s: AuthenticatorSnapshot) => ({
  setup: selectSetup(s),
  code: selectCode(s),
  error: selectCodeError(s),
  busy: selectBusy(s),
  canVerify: selectCanVerify(s),
  canCancel: selectCanCancel(s),
})

/**
 * The setup's second step: the secret three ways (QR code, key, link), then a code from the app
 * to prove it holds the secret. A wrong code stays here with 'Incorrect Code. Try Again.'.
 */
export function SetupStep({ actor }: { actor: AuthenticatorActor }) {
  const { setup, code, error, busy, canVerify, canCancel } = useSelector(
    actor,
    selectStep,
    shallowEqual,
  )
  const fieldId = useId()
  const headingId = useId()
  if (!setup) return null
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h3" size="3" id={headingId}>
          Scan, then enter a code
        </Heading>
        <AuthenticatorSecret secret={setup.secret} uri={setup.uri} />
        <SubmitForm gap="3" onSubmit={() => actor.send({ type: 'authenticator.verify' })}>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={fieldId} size="2" weight="medium">
              {AUTHENTICATOR_WORDS.codeLabel}
            </Text>
            <TextField.Root
              id={fieldId}
              size="3"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              autoFocus
              readOnly={busy}
              placeholder="123456"
              style={{ maxWidth: '12rem', letterSpacing: '0.15em' }}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                actor.send({ type: 'authenticator.codeChanged', value: event.target.value })
              }
            />
          </Flex>
          <ErrorText message={error} />
          <Flex gap="3" wrap="wrap">
            <Button type="submit" loading={busy} disabled={!canVerify}>
              Verify
            </Button>
            <SoftButton
              disabled={!canCancel}
              onClick={() => actor.send({ type: 'authenticator.cancel' })}
            >
              Cancel
            </SoftButton>
          </Flex>
        </SubmitForm>
      </section>
    </Flex>
  )
}
