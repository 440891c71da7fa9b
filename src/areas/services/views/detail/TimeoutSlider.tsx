import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  serviceTimeoutMachine,
  type ServiceTimeoutActor,
  type ServiceTimeoutSnapshot,
  type TimeoutField as Field,
} from '../../machines/serviceTimeout.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorText } from '../../../../kit/views/form/ErrorText'
import { timeoutText } from '../../../../../schema/service-fields'
import { timeoutLabel } from '../../machines/serviceTimeout.messages'
import { TimeoutField } from './TimeoutField'

const selectValue = (s: ServiceTimeoutSnapshot) => s.context.value
const selectBusy = (s: ServiceTimeoutSnapshot) => s.hasTag('busy')
const selectError = (s: ServiceTimeoutSnapshot) => (s.hasTag('error') ? s.context.error : null)
/** The value Undo would save back, while it is offered. */
const selectUndo = (s: ServiceTimeoutSnapshot) =>
  s.can({ type: 'timeout.undo' }) ? s.context.previous : null

type Props = { service: Service; field: Field; readOnly: boolean }

/**
 * A token timeout of the service detail: saved when the slider is let go (or at each arrow key);
 * a refusal puts it back where it was and says why beside it. After a save, 'Undo' beside it
 * saves the value it replaced: a security setting moved by a slip comes back in one click.
 */
export function TimeoutSlider({ service, field, readOnly }: Props) {
  const actor = useScreenActor(serviceTimeoutMachine, {
    input: { serviceId: service.id, field, value: service[field] },
  })
  return actor ? <TimeoutControl actor={actor} field={field} readOnly={readOnly} /> : null
}

type SliderProps = { actor: ServiceTimeoutActor; field: Field; readOnly: boolean }

function TimeoutControl({ actor, field, readOnly }: SliderProps) {
  const value = useSelector(actor, selectValue)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const undo = useSelector(actor, selectUndo)
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
      {undo !== null && !readOnly && (
        <Flex align="center" gap="2" justify="end">
          <Text size="1" color="gray">
            Saved; it was {timeoutText(field, undo)}.
          </Text>
          <Button
            type="button"
            size="1"
            variant="soft"
            aria-label={`Undo ${timeoutLabel(field).toLowerCase()}: back to ${timeoutText(field, undo)}`}
            onClick={() => actor.send({ type: 'timeout.undo' })}
          >
            Undo
          </Button>
        </Flex>
      )}
    </Flex>
  )
}
