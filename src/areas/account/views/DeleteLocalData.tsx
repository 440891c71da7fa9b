import { Button, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import {
  deleteLocalDataMachine,
  type DeleteLocalDataActor,
  type DeleteLocalDataSnapshot,
} from '../machines/deleteLocalData.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ConfirmDeleteDialog } from '../../../kit/views/dialog/ConfirmDeleteDialog'
import { useConfirm } from '../../../kit/views/dialog/useConfirm'

const selectCanDelete = (s: DeleteLocalDataSnapshot) => s.can({ type: 'localData.delete' })
const CONFIRM = { type: 'localData.confirm' } as const
const CANCEL = { type: 'localData.cancel' } as const

/** 'Delete Local Data' (SPEC.md §2 'Profile'): after a confirmation, clears this browser, logs out. */
export function DeleteLocalData() {
  // Its chart ends the session itself once the data is gone; the login then shows.
  const actor = useScreenActor(deleteLocalDataMachine)
  return actor ? <DeleteLocalDataView actor={actor} /> : null
}

export function DeleteLocalDataView({ actor }: { actor: DeleteLocalDataActor }) {
  const dialog = useConfirm(actor, CONFIRM, CANCEL)
  const canDelete = useSelector(actor, selectCanDelete)
  return (
    <Flex direction="column" gap="2" align="start">
      <Button
        color="red"
        variant="outline"
        disabled={!canDelete}
        loading={dialog.busy && !dialog.open}
        onClick={() => actor.send({ type: 'localData.delete' })}
      >
        Delete Local Data
      </Button>
      <Text size="1" color="gray">
        Removes the data this browser keeps for the console, then logs you out.
      </Text>
      <ConfirmDeleteDialog thing="local data" {...dialog} detail="You will be logged out." />
    </Flex>
  )
}
