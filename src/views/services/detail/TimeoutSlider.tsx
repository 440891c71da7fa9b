import { Flex } from '@radix-ui/themes'
import { useActorRef, useSelector } from '@xstate/react'
import type { Service } from '../../../../schema/service'
import {
  serviceTimeoutMachine,
  type ServiceTimeoutSnapshot,
  type TimeoutField as Field,
} from '../../../machines/serviceTimeout.machine'
import { failed, succeeded } from '../../notify/items'
import { useNotifyOn } from '../../notify/useNotifyOn'
import { ErrorText } from '../../profile/ErrorText'
import { TimeoutField } from './TimeoutField'
import { TIMEOUTS } from './timeoutText'

const selectValue = (s: ServiceTimeoutSnapshot) => s.context.value
const selectBusy = (s: ServiceTimeoutSnapshot) => s.hasTag('busy')
const selectError = (s: ServiceTimeoutSnapshot) => (s.hasTag('error') ? s.context.error : null)

type Props = { service: Service; field: Field; readOnly: boolean }

/**
 * A token timeout of the service detail: saved when the slider is let go (or at each arrow key);
 * a refusal puts it back where it was and says why beside it.
 */
export function TimeoutSlider({ service, field, readOnly }: Props) {
  const actor = useActorRef(serviceTimeoutMachine, {
    input: { serviceId: service.id, field, value: service[field] },
  })
  const value = useSelector(actor, selectValue)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const what = `The ${TIMEOUTS[field].label.toLowerCase()}`
  useNotifyOn(actor, (previous, next) =>
    !previous.matches('saving')
      ? null
      : next.matches('idle')
        ? // Each arrow key saves: one notice at a time, not one per key (a key already shown is ignored).
          { ...succeeded(`${what} was saved`), key: `timeout-saved:${service.id}:${field}` }
        : next.matches('failed')
          ? failed(`${what} was not saved`, next.context.error)
          : null,
  )
  return (
    <Flex direction="column" gap="2" aria-busy={busy || undefined}>
      <TimeoutField
        field={field}
        value={value}
        busy={busy}
        // Not disabled while saving: that would take the focus from a keyboard user's thumb; the
        // chart ignores moves until the save is answered.
        disabled={readOnly}
        onChange={(next) => actor.send({ type: 'timeout.change', value: next })}
        onCommit={(next) => actor.send({ type: 'timeout.commit', value: next })}
      />
      <ErrorText message={error} />
    </Flex>
  )
}
