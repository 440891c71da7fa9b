import { Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { InfoCircledIcon } from '@radix-ui/react-icons'
import { useSelector } from '@xstate/react'
import {
  serviceRecordMachine,
  type ServiceRecordActor,
  type ServiceRecordSnapshot,
} from '../../machines/serviceRecord.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ServicePane } from './ServicePane'

const selectService = (s: ServiceRecordSnapshot) => s.context.service
const selectLoading = (s: ServiceRecordSnapshot) => s.hasTag('busy')
const selectFailed = (s: ServiceRecordSnapshot) => s.hasTag('error')

/**
 * The detail pane of one service (SPEC.md §2 'Services'), read live from the local cache: a save
 * here, a sync batch or another tab shows at once. Another id is another pane, with fresh editors.
 */
export function ServiceDetail({ id }: { id: string }) {
  return <ServiceRecord key={id} id={id} />
}

function ServiceRecord({ id }: { id: string }) {
  const record = useScreenActor(serviceRecordMachine, { input: { id } })
  return record ? <ServiceShown record={record} /> : null
}

/** The pane for what the record chart has read: a spinner, the service, or why there is none. */
function ServiceShown({ record }: { record: ServiceRecordActor }) {
  const service = useSelector(record, selectService)
  const loading = useSelector(record, selectLoading)
  const failed = useSelector(record, selectFailed)
  if (loading) {
    return (
      <Flex align="center" gap="2" p="4">
        <Spinner /> <Text color="gray">Loading service…</Text>
      </Flex>
    )
  }
  if (failed || !service) {
    return (
      <Callout.Root color={failed ? 'red' : 'gray'} role="status" m="4">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          {failed
            ? 'The service could not be read from this browser’s data.'
            : 'Service not found. It may have been removed, or the link is wrong.'}
        </Callout.Text>
      </Callout.Root>
    )
  }
  return <ServicePane service={service} />
}
