import { useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  serviceRequireMfaMachine,
  type ServiceRequireMfaActor,
  type ServiceRequireMfaSnapshot,
} from '../../machines/serviceRequireMfa.machine'
import { REQUIRE_MFA_HINT, REQUIRE_MFA_LABEL } from '../../machines/serviceRequireMfa.messages'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { SettingSwitch } from '../../../../kit/views/form/SettingSwitch'

type Props = { service: Service; readOnly: boolean }

const selectBusy = (s: ServiceRequireMfaSnapshot) => s.hasTag('busy')
const selectOn = (s: ServiceRequireMfaSnapshot) => s.context.on
const selectError = (s: ServiceRequireMfaSnapshot) => (s.hasTag('error') ? s.context.error : null)

/**
 * 'Requires a second factor' (issue 28, docs/sso.md): every sign-in into the service needs a
 * second factor, as if the service asked acr_values=mfa. Saved when turned.
 */
export function RequireMfaSwitch({ service, readOnly }: Props) {
  const actor = useScreenActor(serviceRequireMfaMachine, {
    input: { serviceId: service.id, on: service.requireMfa },
  })
  return actor ? <RequireMfaField actor={actor} service={service} readOnly={readOnly} /> : null
}

function RequireMfaField({ actor, service, readOnly }: Props & { actor: ServiceRequireMfaActor }) {
  const busy = useSelector(actor, selectBusy)
  const on = useSelector(actor, selectOn)
  const error = useSelector(actor, selectError)
  // While saving, where the person put it; otherwise what the cache holds (this answer, a sync
  // batch, another tab), so the switch never shows a value the server did not take.
  const checked = busy ? on : service.requireMfa
  return (
    <SettingSwitch
      label={REQUIRE_MFA_LABEL}
      hint={REQUIRE_MFA_HINT}
      checked={checked}
      disabled={readOnly}
      busy={busy}
      error={error}
      onCheckedChange={(next) => actor.send({ type: 'requireMfa.change', on: next })}
    />
  )
}
