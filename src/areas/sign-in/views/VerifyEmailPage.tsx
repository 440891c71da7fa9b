import { Flex, Heading, Link as TextLink, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import {
  emailVerificationMachine,
  type VerificationActor,
  type VerificationSnapshot,
} from '../machines/emailVerification.machine'
import {
  LINK_EXPIRED,
  VERIFY_HEADING,
  VERIFY_UNAVAILABLE,
  VERIFYING,
  verifiedMessage,
} from '../machines/emailVerification.messages'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { Pending, RetryFailure } from '../../../kit/views/message/Pending'

type Screen = 'verifying' | 'verified' | 'failed' | 'unavailable'

const selectScreen = (s: VerificationSnapshot): Screen =>
  s.hasTag('verified')
    ? 'verified'
    : s.hasTag('failed')
      ? 'failed'
      : s.hasTag('error')
        ? 'unavailable'
        : 'verifying'
const selectEmail = (s: VerificationSnapshot) => s.context.email
const selectCanRetry = (s: VerificationSnapshot) => s.can({ type: 'verification.retry' })

function ToLogin() {
  return (
    <Text as="p" align="center">
      <TextLink asChild>
        <Link to="/login">Go to login</Link>
      </TextLink>
    </Text>
  )
}

/** The verification of one link: 'Confirm your email', then what came of it. */
export function VerifyEmailView({ actor }: { actor: VerificationActor }) {
  const screen = useSelector(actor, selectScreen)
  const email = useSelector(actor, selectEmail)
  const canRetry = useSelector(actor, selectCanRetry)
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6" align="center">
        {VERIFY_HEADING}
      </Heading>
      {screen === 'verifying' && <Pending message={VERIFYING} />}
      {screen === 'verified' && (
        <>
          <Text as="p" align="center" weight="medium" role="status">
            {verifiedMessage(email ?? '')}
          </Text>
          <ToLogin />
        </>
      )}
      {screen === 'failed' && (
        <>
          <Text as="p" align="center" weight="medium">
            {LINK_EXPIRED}
          </Text>
          <ToLogin />
        </>
      )}
      {screen === 'unavailable' && (
        <RetryFailure
          message={VERIFY_UNAVAILABLE}
          retry="Try again"
          canRetry={canRetry}
          onRetry={() => actor.send({ type: 'verification.retry' })}
        />
      )}
    </Flex>
  )
}

/** /verifyEmail/$token: no sign-in needed, and the same whether someone is signed in or not. */
export function VerifyEmailPage({ token }: { token: string }) {
  const actor = useScreenActor(emailVerificationMachine, { input: { token } })
  return actor ? <VerifyEmailView actor={actor} /> : null
}
