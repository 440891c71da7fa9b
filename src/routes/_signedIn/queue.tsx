import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { QueuePage } from '../../areas/queue/views/QueuePage'

// INTERNAL staff only (SPEC.md §2, §6), with the permission its tab asks for.
export const Route = createFileRoute('/_signedIn/queue')({
  component: () => (
    <Guarded type="INTERNAL" permission="queue.read">
      <QueuePage />
    </Guarded>
  ),
})
