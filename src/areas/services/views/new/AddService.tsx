import { PlusIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import {
  newServiceMachine,
  type NewServiceActor,
  type NewServiceSnapshot,
} from '../../machines/newService.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { NewServiceDialog } from './NewServiceDialog'

const selectCreatedId = (s: NewServiceSnapshot) =>
  s.hasTag('created') ? (s.context.created?.id ?? null) : null

/**
 * The 'Add Service' button and the New Service form it opens (SPEC.md §2 'Services'): a created
 * service is stored in the cache and opened at /services/{id}.
 */
export function AddService() {
  const actor = useScreenActor(newServiceMachine)
  return actor ? <AddServiceButton actor={actor} /> : null
}

function AddServiceButton({ actor }: { actor: NewServiceActor }) {
  const navigate = useNavigate()
  const createdId = useSelector(actor, selectCreatedId)
  useEffect(() => {
    if (createdId) void navigate({ to: '/services/$id', params: { id: createdId } })
  }, [createdId, navigate])
  return (
    <>
      <Button onClick={() => actor.send({ type: 'newService.open' })}>
        <PlusIcon /> Add Service
      </Button>
      <NewServiceDialog actor={actor} />
    </>
  )
}
