import { PlusIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { inviteMachine, type InviteActor } from '../../machines/invite.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useOpenCreated } from '../../../../kit/views/create/useOpenCreated'
import { InviteDialog } from './InviteDialog'

/**
 * 'Add User' and the dialog it opens (issue 15): the new user gets an invitation mail with a
 * set-password link, and the console opens them at /users/{id}.
 */
export function AddUser() {
  const actor = useScreenActor(inviteMachine)
  return actor ? <AddUserButton actor={actor} /> : null
}

function AddUserButton({ actor }: { actor: InviteActor }) {
  const navigate = useNavigate()
  useOpenCreated(actor, (id) => void navigate({ to: '/users/$id', params: { id } }))
  return (
    <>
      <Button onClick={() => actor.send({ type: 'invite.open' })}>
        <PlusIcon /> Add User
      </Button>
      <InviteDialog actor={actor} />
    </>
  )
}
