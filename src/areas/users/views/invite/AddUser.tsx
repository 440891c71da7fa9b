import { PlusIcon } from '@radix-ui/react-icons'
import { Button, IconButton } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { inviteMachine, type InviteActor } from '../../machines/invite.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useOpenCreated } from '../../../../kit/views/create/useOpenCreated'
import { InviteDialog } from './InviteDialog'

/**
 * 'Add User' and the dialog it opens (issue 15): the new user gets an invitation mail with a
 * set-password link, and the console opens them at /users/{id}.
 */
export function AddUser({ compact = false }: { compact?: boolean }) {
  const actor = useScreenActor(inviteMachine)
  return actor ? <AddUserButton actor={actor} compact={compact} /> : null
}

/** `compact` (phones): the plus alone, named 'Add User', with the name as its tooltip. */
function AddUserButton({ actor, compact }: { actor: InviteActor; compact: boolean }) {
  const navigate = useNavigate()
  useOpenCreated(actor, (id) => void navigate({ to: '/users/$id', params: { id } }))
  const open = () => actor.send({ type: 'invite.open' })
  return (
    <>
      {compact ? (
        <IconButton aria-label="Add User" title="Add User" onClick={open}>
          <PlusIcon />
        </IconButton>
      ) : (
        <Button onClick={open}>
          <PlusIcon /> Add User
        </Button>
      )}
      <InviteDialog actor={actor} />
    </>
  )
}
