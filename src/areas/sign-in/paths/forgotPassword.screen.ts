import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { validateEmail } from '../../../../schema/rules'
import { RESET_LINK_SENT } from '../../../kit/machines/password.messages'
import {
  byLabel,
  byRole,
  defineScreenScript,
  text,
  type AnswerScript,
  type Check,
  type EventScript,
} from '../../../flows/playwright/screenScript'
import type { ForgotSnapshot } from '../machines/forgotPassword.machine'

const SAMPLE_EMAIL = 'Ada@Example.com'
const sendLink = byRole('button', 'Send Link')
const email = byLabel('Email')

/**
 * The sample address is made unique for the run: the server answers alike for any address, and a
 * new one is counted against no address's limit of reset requests (3 in 15 minutes).
 */
function event(sent: EventObject): EventScript {
  if (sent.type === 'forgot.submit') return { actions: [{ click: sendLink }] }
  const value = (sent as { value?: string }).value ?? ''
  return {
    actions: [{ fill: email, value: value === SAMPLE_EMAIL ? { unique: value } : text(value) }],
  }
}

function answer(event: EventObject): AnswerScript {
  if (event.type === 'xstate.done.actor.requestPasswordReset') return {}
  const error = (event as { error?: { code?: number } }).error
  return error?.code === 823
    ? { notDrivable: 'it needs the reset requests throttled (too many in 15 minutes)' }
    : { notDrivable: 'it needs the server out of reach' }
}

function checks(snapshot: AnyMachineSnapshot) {
  const s = snapshot as ForgotSnapshot
  if (s.hasTag('busy'))
    return { passing: 'the server takes the request before a check could see it wait' }
  const list: Check[] = [
    { visible: byRole('heading', 'Forgot Password') },
    s.can({ type: 'forgot.submit' }) ? { enabled: sendLink } : { disabled: sendLink },
  ]
  const emailError = s.context.email ? validateEmail(s.context.email) : null
  if (emailError) list.push({ visible: { text: emailError, exact: true } })
  list.push(
    s.hasTag('success')
      ? { text: byRole('status'), is: RESET_LINK_SENT }
      : { hidden: byRole('status') },
  )
  list.push(s.hasTag('error') ? { visible: byRole('alert') } : { hidden: byRole('alert') })
  return list
}

/** The Forgot Password screen (/forgotPassword), signed out. */
export const script = defineScreenScript({
  machine: 'forgotPassword',
  start: () => ({ path: '/forgotPassword', signedIn: false }),
  event,
  answer,
  checks,
})
