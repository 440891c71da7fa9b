import { validatePassword } from '../../../../schema/rules'
import { ApiError } from '../../../data/api/ApiError'
import {
  twoFactorMachine,
  type TwoFactorEvent,
  type TwoFactorSnapshot,
} from '../machines/twoFactor.machine'
import { definePaths, type ModelPath, withWayIn } from '../../../flows/model'
import { savedUser } from './profile.fixtures'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { selfUser } from '../../../kit/fixtures/users.fixtures'
import { messageLine } from '../../../kit/paths/message'
import { typed } from '../../../kit/paths/typed'

/** The signed-in user: a phone, so the switch is offered; 2FA off until a model says on. */
export const twoFactorUser = selfUser({ phone: '5551234567', use2FA: false })
export const PASSWORD = 'Secret#1word'
/** The server's answer to a wrong account password: the dialog says so. */
export const wrongPassword = new ApiError(401, 805, 'The password is not correct.')

const withTwoFactor = (use2FA: boolean) => savedUser(twoFactorUser, { use2FA })
const noMobile = refusal(
  422,
  'Add a mobile phone number before turning on two-factor authentication.',
)
const offline = refusal(500, 'AN ERROR OCCURRED')

const events = [
  { type: 'twoFactor.turnOn' },
  { type: 'twoFactor.turnOff' },
  ...typed('twoFactor.passwordChanged', PASSWORD, 'short'),
  { type: 'twoFactor.submit' },
  { type: 'twoFactor.cancel' },
  { type: 'xstate.done.actor.turnOn', output: withTwoFactor(true) },
  { type: 'xstate.error.actor.turnOn', error: noMobile },
  { type: 'xstate.error.actor.turnOn', error: wrongPassword },
  { type: 'xstate.done.actor.turnOff', output: withTwoFactor(false) },
  { type: 'xstate.error.actor.turnOff', error: offline },
  { type: 'xstate.error.actor.turnOff', error: wrongPassword },
] as unknown as TwoFactorEvent[]

function shows(s: TwoFactorSnapshot): string {
  const on = s.hasTag('checked')
  const title = s.hasTag('turningOn') ? 'Turn On 2 Factor Auth' : 'Turn Off 2 Factor Auth'
  if (s.hasTag('busy'))
    return `'Use 2 Factor Auth' shows ${s.matches('turningOn') ? 'on' : 'off'}, disabled while Saving; the '${title}' dialog's buttons are off`
  if (s.hasTag('open'))
    return [
      `The '${title}' dialog over the switch (still ${on ? 'on' : 'off'})`,
      s.can({ type: 'twoFactor.submit' }) ? 'Continue is on' : 'Continue is off',
      messageLine(s),
    ].join('; ')
  return `'Use 2 Factor Auth' is ${on ? 'on' : 'off'}; ${messageLine(s)}`
}

const common = {
  machine: twoFactorMachine,
  events,
  // The typed password itself is not part of the model, only whether it passes its rule.
  // Arriving by another transition is another node, so that every transition is taken.
  serializeState: withWayIn((s: TwoFactorSnapshot) =>
    JSON.stringify([s.value, !validatePassword(s.context.password), s.context.error]),
  ),
  shows,
  detail: (event: TwoFactorEvent) =>
    event.type === 'twoFactor.passwordChanged'
      ? event.value === ''
        ? 'empty'
        : `${event.value.length} characters`
      : defaultError(event),
}

// A refusal's message, as the default detail says it.
function defaultError(event: TwoFactorEvent): string | undefined {
  const error = (event as { error?: unknown }).error
  return error instanceof Error ? `(${error.message.replace(/[.\s]+$/, '')})` : undefined
}

export const twoFactorOffPaths = definePaths({
  ...common,
  name: 'Two-factor, starting off',
  input: { user: twoFactorUser },
})

/** The same switch for an account that already uses two factors: it opens on. */
export const twoFactorOnUser = { ...twoFactorUser, use2FA: true }

// Starting on, what differs is only the start: the opening itself and the way back off. The rest
// of the chart is the first model's.
const startOrTurnedOff = (path: ModelPath<typeof twoFactorMachine>) =>
  path.steps.length === 1 ||
  (path.state.matches({ off: 'settled' }) &&
    path.steps.some((step) => (step.event.type as string) === 'xstate.done.actor.turnOff'))

export const twoFactorOnPaths = definePaths({
  ...common,
  name: 'Two-factor, starting on',
  input: { user: twoFactorOnUser },
  select: (paths) => paths.filter(startOrTurnedOff),
})

export const models = [twoFactorOffPaths, twoFactorOnPaths]
