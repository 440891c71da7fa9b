import { ResetIcon, TrashIcon } from '@radix-ui/react-icons'
import { Button, Flex } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { Service } from '../../../../../schema/service'
import {
  serviceLifecycleMachine,
  type ServiceLifecycleActor,
  type ServiceLifecycleSnapshot,
} from '../../machines/serviceLifecycle.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ConfirmDialog } from '../../../../kit/views/dialog/ConfirmDialog'

const selectButtons = (s: ServiceLifecycleSnapshot) => ({
  deleteOpen: s.hasTag('deleteDialog'),
  restoreOpen: s.hasTag('restoreDialog'),
  canDelete: s.can({ type: 'service.delete' }),
  canRestore: s.can({ type: 'service.restore' }),
})
/** What both confirmations show, as their props name it. */
const selectDialog = (s: ServiceLifecycleSnapshot) => ({
  busy: s.hasTag('busy'),
  error: s.hasTag('error') ? s.context.error : null,
  canConfirm: s.can({ type: 'service.confirm' }),
  canCancel: s.can({ type: 'service.cancel' }),
})

/** Delete (an active service) or Restore (a deleted one), each after its confirmation. */
export function ServiceLifecycle({ service }: { service: Service }) {
  const actor = useScreenActor(serviceLifecycleMachine, { input: { service } })
  return actor ? <LifecycleButtons actor={actor} service={service} /> : null
}

type Props = { actor: ServiceLifecycleActor; service: Service }

function LifecycleButtons({ actor, service }: Props) {
  const { deleteOpen, restoreOpen, canDelete, canRestore } = useSelector(
    actor,
    selectButtons,
    shallowEqual,
  )
  const name = service.name
  const dialog = {
    ...useSelector(actor, selectDialog, shallowEqual),
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
