import {
  emailVerificationMachine,
  type VerificationEvent,
  type VerificationSnapshot,
} from '../machines/emailVerification.machine'
import {
  LINK_EXPIRED,
  VERIFY_UNAVAILABLE,
  verifiedMessage,
} from '../machines/emailVerification.messages'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'

/** The token in the link the model opens, and the address the server confirms. */
export const TOKEN = 'v3r1fy-t0ken-0123456789abcdef'
export const CONFIRMED_EMAIL = 'grace.new@example.com'

const events = [
  { type: 'verification.retry' },
  { type: 'xstate.done.actor.verifyEmail', output: { email: CONFIRMED_EMAIL } },
  { type: 'xstate.error.actor.verifyEmail', error: failure(404, 404, 'Not found.') },
  { type: 'xstate.error.actor.verifyEmail', error: offline },
] as unknown as VerificationEvent[]

function shows(s: VerificationSnapshot): string {
  const screen = s.hasTag('verified')
    ? `'${verifiedMessage(s.context.email ?? '')}' and 'Go to login'`
    : s.hasTag('failed')
      ? `'${LINK_EXPIRED}' and 'Go to login'`
      : s.hasTag('error')
        ? `'${VERIFY_UNAVAILABLE}' and 'Try again'`
        : "'Confirming your email address...'"
  return `'Confirm your email'; ${screen}`
}

export const emailVerificationPaths = definePaths({
  name: 'Confirming an email address',
  machine: emailVerificationMachine,
  input: { token: TOKEN },
  events,
  // The state, and the step that led to it: a retry's answers are targets of their own.
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.email])),
  shows,
  detail: answerDetail,
})

export const models = [emailVerificationPaths]
