import { ResetIcon, TrashIcon } from '@radix-ui/react-icons'
import { Button, Flex } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  serviceLifecycleMachine,
  type ServiceLifecycleActor,
  type ServiceLifecycleSnapshot,
} from '../../machines/serviceLifecycle.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'

const selectBusy = (s: ServiceLifecycleSnapshot) => s.hasTag('busy')
const selectError = (s: ServiceLifecycleSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectDeleteOpen = (s: ServiceLifecycleSnapshot) => s.hasTag('deleteDialog')
const selectRestoreOpen = (s: ServiceLifecycleSnapshot) => s.hasTag('restoreDialog')
const selectCanDelete = (s: ServiceLifecycleSnapshot) => s.can({ type: 'service.delete' })
const selectCanRestore = (s: ServiceLifecycleSnapshot) => s.can({ type: 'service.restore' })
const selectCanConfirm = (s: ServiceLifecycleSnapshot) => s.can({ type: 'service.confirm' })
const selectCanCancel = (s: ServiceLifecycleSnapshot) => s.can({ type: 'service.cancel' })

/** Delete (an active service) or Restore (a deleted one), each after its confirmation. */
export function ServiceLifecycle({ service }: { service: Service }) {
  const actor = useScreenActor(serviceLifecycleMachine, { input: { service } })
  return actor ? <LifecycleButtons actor={actor} service={service} /> : null
}

type Props = { actor: ServiceLifecycleActor; service: Service }

function LifecycleButtons({ actor, service }: Props) {
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const deleteOpen = useSelector(actor, selectDeleteOpen)
  const restoreOpen = useSelector(actor, selectRestoreOpen)
  const canDelete = useSelector(actor, selectCanDelete)
  const canRestore = useSelector(actor, selectCanRestore)
  const canConfirm = useSelector(actor, selectCanConfirm)
  const canCancel = useSelector(actor, selectCanCancel)
  const name = service.name
  const dialog = {
    busy,
    error,
    canConfirm,
    canCancel,
    onConfirm: () => actor.send({ type: 'service.confirm' }),
    onCancel: () => actor.send({ type: 'service.cancel' }),
  }
  const deleted = canRestore || restoreOpen
  return (
    <Flex justify="end">
      {deleted ? (
        <Button
          variant="soft"
          data-focus-key={`service-lifecycle:${service.id}`}
          onClick={() => actor.send({ type: 'service.restore' })}
          disabled={!canRestore}
        >
          <ResetIcon /> Restore
        </Button>
      ) : (
        <Button
          color="red"
          variant="soft"
          // The pane starts these buttons afresh when the service changes; the confirmation gives
          // the focus back to whichever of the two is then shown (useReturnFocus).
          data-focus-key={`service-lifecycle:${service.id}`}
          onClick={() => actor.send({ type: 'service.delete' })}
          disabled={!canDelete}
        >
          <TrashIcon /> Delete
        </Button>
      )}
      <ConfirmDialog
        {...dialog}
        open={deleteOpen}
        title={`Delete ${name}?`}
        text={`Are you sure you want to delete ${name}?`}
        action="Delete"
        color="red"
      />
      <ConfirmDialog
        {...dialog}
        open={restoreOpen}
        title={`Restore ${name}?`}
        text={`Are you sure you want to restore ${name}?`}
        action="Restore"
        color={undefined}
      />
    </Flex>
  )
}
