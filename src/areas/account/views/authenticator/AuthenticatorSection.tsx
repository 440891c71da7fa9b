import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { OwnFactorsResults } from '../../../../../schema/factors'
import {
  authenticatorMachine,
  type AuthenticatorActor,
  type AuthenticatorSnapshot,
} from '../../machines/authenticator.machine'
import { AUTHENTICATOR_WORDS } from '../../machines/authenticator.messages'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { ReadFailure, Reading } from '../../../../kit/views/page/ReadStatus'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { CardSection } from '../../../../kit/views/section/CardSection'
import { AuthenticatorPasswordDialog } from './AuthenticatorPasswordDialog'
import { CodesStep } from './CodesStep'
import { EnrolledView } from './EnrolledView'
import {
  selectCanSetUp,
  selectCodes,
  selectEnrolled,
  selectFactors,
  selectLoading,
  selectReadError,
  selectScanning,
  selectSectionError,
} from './selectors'
import { SetupStep } from './SetupStep'

/** The Profile's 'Authenticator app' card (issue 28; docs/second-factors.md 'Profile'). */
export function AuthenticatorSection({ email }: { email: string }) {
  const actor = useScreenActor(authenticatorMachine)
  return (
    <CardSection title={AUTHENTICATOR_WORDS.title} gap="4">
      {actor && <SectionBody actor={actor} email={email} />}
    </CardSection>
  )
}

function PolicyHint({ policy }: { policy: OwnFactorsResults['policy'] }) {
  if (policy.mode !== 'required') return null
  const by = policy.graceUntil ? formatDateTime(policy.graceUntil) : null
  return (
    <Text as="p" size="2" color="amber">
      {AUTHENTICATOR_WORDS.required(by)}
    </Text>
  )
}

const selectBody = (s: AuthenticatorSnapshot) => ({
  factors: selectFactors(s),
  loading: selectLoading(s),
  readError: selectReadError(s),
  sectionError: selectSectionError(s),
  scanning: selectScanning(s),
  codes: selectCodes(s),
  enrolled: selectEnrolled(s),
  canSetUp: selectCanSetUp(s),
})

function SectionBody({ actor, email }: { actor: AuthenticatorActor; email: string }) {
  const { factors, loading, readError, sectionError, scanning, codes, enrolled, canSetUp } =
    useSelector(actor, selectBody, shallowEqual)
  const body = () => {
    if (loading) return <Reading message="Loading…" />
    if (readError)
      return (
        <ReadFailure
          message={AUTHENTICATOR_WORDS.readFailed}
          error={readError}
          onRetry={() => actor.send({ type: 'authenticator.retry' })}
        />
      )
    if (codes) return <CodesStep actor={actor} account={email} />
    if (scanning) return <SetupStep actor={actor} />
    if (!factors) return null
    if (enrolled && factors.authenticator)
      return (
        <EnrolledView
          actor={actor}
          app={factors.authenticator}
          codesLeft={factors.recoveryCodesLeft}
        />
      )
    return (
      <Flex direction="column" gap="3" align="start">
        <Text as="p" size="2">
          {AUTHENTICATOR_WORDS.intro}
        </Text>
        {factors.policy.mode === 'off' ? (
          <Text as="p" size="2" color="gray">
            {AUTHENTICATOR_WORDS.off}
          </Text>
        ) : (
          <Button
            type="button"
            disabled={!canSetUp}
            onClick={() => actor.send({ type: 'authenticator.setUp' })}
          >
            {AUTHENTICATOR_WORDS.setUp}
          </Button>
        )}
      </Flex>
    )
  }
  return (
    <>
      {factors && !codes && !scanning && <PolicyHint policy={factors.policy} />}
      {body()}
      <ErrorText message={sectionError} />
      <AuthenticatorPasswordDialog actor={actor} />
    </>
  )
}
