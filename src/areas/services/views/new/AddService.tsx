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
  if (!actor) return null
  return (
    <>
      <AddServiceButton actor={actor} />
      <NewServiceFlow actor={actor} />
    </>
  )
}

/**
 * An 'Add Service' button of the one New Service chart: the toolbar's, and the empty list's and
 * the empty detail's calls to action. `variant`: 'soft' beside the primary one.
 */
export function AddServiceButton({ actor, variant }: { actor: NewServiceActor; variant?: 'soft' }) {
  return (
    <Button variant={variant} onClick={() => actor.send({ type: 'newService.open' })}>
      <PlusIcon /> Add Service
    </Button>
  )
}

/** The New Service dialog of the chart, and the way to the service it created. */
export function NewServiceFlow({ actor }: { actor: NewServiceActor }) {
  const navigate = useNavigate()
  useOpenCreated(actor, (id) => void navigate({ to: '/services/$id', params: { id } }))
  return <NewServiceDialog actor={actor} />
}
