import { PlusIcon } from '@radix-ui/react-icons'
import { Button } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { newServiceMachine } from '../../../machines/newService.machine'
import { failed, succeeded } from '../../notify/items'
import { useNotifyOn } from '../../notify/useNotifyOn'
import { NewServiceDialog } from './NewServiceDialog'

/**
 * The 'Add Service' button and the New Service form it opens (SPEC.md §2 'Services'): a created
 * service is stored in the cache and opened at /services/{id}.
 */
export function AddService() {
  const navigate = useNavigate()
  const actor = useActorRef(
    newServiceMachine.provide({
      actions: {
        openService: (_, service) =>
          void navigate({ to: '/services/$id', params: { id: service.id } }),
      },
    }),
  )
  useNotifyOn(actor, (previous, next) =>
    !previous.matches('creating')
      ? null
      : next.matches('created') && next.context.created
        ? succeeded(`${next.context.created.name} was created`)
        : next.matches('failed')
          ? failed('The service was not created', next.context.error)
          : null,
  )
  return (
    <>
      <Button onClick={() => actor.send({ type: 'newService.open' })}>
        <PlusIcon /> Add Service
      </Button>
      <NewServiceDialog actor={actor} />
    </>
  )
}
