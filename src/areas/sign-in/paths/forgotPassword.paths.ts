import { validateEmail } from '../../../../schema/rules'
import {
  forgotPasswordMachine,
  type ForgotEvent,
  type ForgotSnapshot,
} from '../machines/forgotPassword.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { typed } from '../../../kit/paths/typed'

/** SPEC.md §8, word for word, and the server's own words for 823. */
export const EXPECTED = {
  exception: 'An Error Occurred. Try Again.',
  throttled: 'Too many attempts. Try again in 30 seconds.',
}

const events = [
  ...typed('forgot.emailChanged', 'Ada@Example.com', 'nobody'),
  { type: 'forgot.submit' },
  { type: 'xstate.done.actor.requestPasswordReset' },
  { type: 'xstate.error.actor.requestPasswordReset', error: offline },
  { type: 'xstate.error.actor.requestPasswordReset', error: failure(429, 823, EXPECTED.throttled) },
] as unknown as ForgotEvent[]

// The screen differs by state, whether the address passes its rule and the message on show.
const summary = (s: ForgotSnapshot) =>
  JSON.stringify([s.value, !validateEmail(s.context.email), s.context.error])

export const forgotPasswordPaths = definePaths({
  name: 'Forgot password',
  machine: forgotPasswordMachine,
  events,
  detail: answerDetail,
  serializeState: withWayIn(summary),
  shows: (s) => {
    // The field's rule shows once the field was left; every modelled change leaves it non-empty.
    const emailError = s.context.email ? validateEmail(s.context.email) : null
    return [
      "The 'Forgot Password' form",
      emailError ? `the Email field says “${emailError}”` : undefined,
      s.hasTag('busy') ? 'the Email field is read-only' : undefined,
      s.can({ type: 'forgot.submit' }) ? 'Send Link is on' : 'Send Link is off',
      s.hasTag('success') ? 'the notice reads “A password reset link was sent”' : undefined,
      s.hasTag('error') ? `the alert reads “${s.context.error}”` : 'no alert',
    ]
      .filter(Boolean)
      .join('; ')
  },
})

export const models = [forgotPasswordPaths]
