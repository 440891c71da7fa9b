import { ServicesPage } from './ServicesPage'
import { Guarded } from '../../../kit/views/guard/Guarded'

/**
 * /services and /services/{id} behind services.read (SPEC.md §6). One component for both routes,
 * as ServicesPage is, so that picking a service keeps the list as it was.
 */
export function GuardedServicesPage() {
  return (
    <Guarded permission="services.read">
      <ServicesPage />
    </Guarded>
  )
}
