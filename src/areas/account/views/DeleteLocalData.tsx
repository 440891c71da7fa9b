import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import {
  deleteLocalDataMachine,
  type DeleteLocalDataActor,
  type DeleteLocalDataSnapshot,
} from '../machines/deleteLocalData.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ConfirmDeleteDialog } from '../../../kit/views/dialog/ConfirmDeleteDialog'

const selectOpen = (s: DeleteLocalDataSnapshot) => s.hasTag('open')
const selectBusy = (s: DeleteLocalDataSnapshot) => s.hasTag('busy')
const selectError = (s: DeleteLocalDataSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanDelete = (s: DeleteLocalDataSnapshot) => s.can({ type: 'localData.delete' })
const selectCanConfirm = (s: DeleteLocalDataSnapshot) => s.can({ type: 'localData.confirm' })
const selectCanCancel = (s: DeleteLocalDataSnapshot) => s.can({ type: 'localData.cancel' })

/** 'Delete Local Data' (SPEC.md §2 'Profile'): after a confirmation, clears this browser, logs out. */
export function DeleteLocalData() {
  // Its chart ends the session itself once the data is gone; the login then shows.
  const actor = useScreenActor(deleteLocalDataMachine)
  return actor ? <DeleteLocalDataView actor={actor} /> : null
}

export function DeleteLocalDataView({ actor }: { actor: DeleteLocalDataActor }) {
  const open = useSelector(actor, selectOpen)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canDelete = useSelector(actor, selectCanDelete)
  const canConfirm = useSelector(actor, selectCanConfirm)
  const canCancel = useSelector(actor, selectCanCancel)
  return (
    <Flex direction="column" gap="2" align="start">
      <Button
        color="red"
        variant="outline"
        disabled={!canDelete}
        loading={busy && !open}
        onClick={() => actor.send({ type: 'localData.delete' })}
      >
        Delete Local Data
      </Button>
      <Text size="1" color="gray">
        Removes the data this browser keeps for the console, then logs you out.
      </Text>
      <ConfirmDeleteDialog
        thing="local data"
        open={open}
        busy={busy}
        error={error}
        canConfirm={canConfirm}
        canCancel={canCancel}
        onConfirm={() => actor.send({ type: 'localData.confirm' })}
        onCancel={() => actor.send({ type: 'localData.cancel' })}
        detail="You will be logged out."
      />
    </Flex>
  )
}
