import {
  serviceRecordMachine,
  type ServiceRecordSnapshot,
} from '../../machines/serviceRecord.machine'
import { RecordDetail, type RecordWords } from '../../../../kit/views/record/RecordDetail'
import { ServicePane } from './ServicePane'

const selectService = (s: ServiceRecordSnapshot) => s.context.service

const WORDS: RecordWords = {
  loading: 'Loading service…',
  failed: 'The service could not be read from this browser’s data.',
  notFound: 'Service not found. It may have been removed, or the link is wrong.',
}

/**
 * The detail pane of one service (SPEC.md §2 'Services'), read live from the local cache: a save
 * here, a sync batch or another tab shows at once. Another id is another pane, with fresh editors.
 */
export function ServiceDetail({ id }: { id: string }) {
  return (
    <RecordDetail machine={serviceRecordMachine} id={id} select={selectService} words={WORDS}>
      {(service) => <ServicePane service={service} />}
    </RecordDetail>
  )
}
