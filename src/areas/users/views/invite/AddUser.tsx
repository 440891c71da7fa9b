import { PlusIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { inviteMachine, type InviteActor, type InviteSnapshot } from '../../machines/invite.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { InviteDialog } from './InviteDialog'

const selectCreatedId = (s: InviteSnapshot) =>
  s.hasTag('created') ? (s.context.created?.id ?? null) : null

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
  const createdId = useSelector(actor, selectCreatedId)
  useEffect(() => {
    if (createdId) void navigate({ to: '/users/$id', params: { id: createdId } })
  }, [createdId, navigate])
  return (
    <>
      <Button onClick={() => actor.send({ type: 'invite.open' })}>
        <PlusIcon /> Add User
      </Button>
      <InviteDialog actor={actor} />
    </>
  )
}
