import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { SessionsPage } from '../../areas/sessions/views/SessionsPage'

export const Route = createFileRoute('/_signedIn/sessions')({
  component: () => (
    <Guarded permission="sessions.read">
      <SessionsPage />
    </Guarded>
  ),
})
