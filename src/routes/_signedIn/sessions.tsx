import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../views/guard/Guarded'
import { SessionsPage } from '../../views/sessions/SessionsPage'

export const Route = createFileRoute('/_signedIn/sessions')({
  component: () => (
    <Guarded permission="sessions.read">
      <SessionsPage />
    </Guarded>
  ),
})
