import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../views/guard/Guarded'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

// INTERNAL staff only (SPEC.md §2, §6), with the permission its tab asks for.
export const Route = createFileRoute('/_signedIn/queue')({
  component: () => (
    <Guarded type="INTERNAL" permission="queue.read">
      <PlaceholderPage title="Queue" />
    </Guarded>
  ),
})
