import {
  serviceRequireMfaMachine,
  type RequireMfaEvent,
  type ServiceRequireMfaSnapshot,
} from '../machines/serviceRequireMfa.machine'
import { REQUIRE_MFA_LABEL } from '../machines/serviceRequireMfa.messages'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, refusal, savedService } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'

export const requireMfaService = aService({ requireMfa: false })
export const REQUIRE_MFA_REFUSED = 'This service is deleted; restore it to change it.'

function shows(s: ServiceRequireMfaSnapshot): string {
  const position = s.hasTag('busy') ? s.context.on : s.context.saved
  return [
    `The '${REQUIRE_MFA_LABEL}' switch is ${position ? 'on' : 'off'}${s.hasTag('busy') ? ', saving' : ''}`,
    messageLine(s),
  ].join('; ')
}

export const serviceRequireMfaPaths = definePaths({
  name: "A service's 'Requires a second factor' switch",
  machine: serviceRequireMfaMachine,
  input: { serviceId: requireMfaService.id, on: requireMfaService.requireMfa },
  // The switch turns to the other side of where it shows; the server answers what it was sent.
  events: (s) =>
    [
      { type: 'requireMfa.change', on: !s.context.on },
      {
        type: 'xstate.done.actor.saveRequireMfa',
        output: savedService(requireMfaService, { requireMfa: s.context.on }),
      },
      { type: 'xstate.error.actor.saveRequireMfa', error: refusal(409, REQUIRE_MFA_REFUSED) },
    ] as unknown as RequireMfaEvent[],
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.on, s.context.saved, s.context.error !== null]),
  ),
  shows,
  detail: (event) =>
    event.type === 'requireMfa.change' ? `(${event.on ? 'on' : 'off'})` : undefined,
})

export const models = [serviceRequireMfaPaths]
