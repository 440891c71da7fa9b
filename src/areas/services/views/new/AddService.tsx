import { PlusIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { newServiceMachine, type NewServiceActor } from '../../machines/newService.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useOpenCreated } from '../../../../kit/views/create/useOpenCreated'
import { NewServiceDialog } from './NewServiceDialog'

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
  useOpenCreated(actor, (id) => void navigate({ to: '/services/$id', params: { id } }))
  return (
    <>
      <Button onClick={() => actor.send({ type: 'newService.open' })}>
        <PlusIcon /> Add Service
      </Button>
      <NewServiceDialog actor={actor} />
    </>
  )
}
