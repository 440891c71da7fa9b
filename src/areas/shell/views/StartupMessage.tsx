import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { SessionSnapshot } from '../../../kit/session/session.machine'
import { MessageView } from '../../../kit/views/message/MessageView'
import { useSession } from '../../../kit/views/actors/sessionContext'

/** The message for a session state in which no route may show, or null when routes may show. */
export function selectStartupMessage(snapshot: SessionSnapshot): string | null {
  if (snapshot.hasTag('checkingSession')) return 'Authenticating...'
  if (snapshot.hasTag('signingOut')) return 'Signing out...'
  if (snapshot.hasTag('unreachable')) return 'An Error Occurred. Try Again.'
  return null
}

const selectBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy')
const selectCanRetry = (snapshot: SessionSnapshot) => snapshot.can({ type: 'session.retry' })

/** Full-screen message while the session is being found out or ended. */
export function StartupMessage({ message }: { message: string }) {
  const session = useSession()
  const busy = useSelector(session, selectBusy)
  const canRetry = useSelector(session, selectCanRetry)
  return (
    <MessageView message={message} spinner={busy}>
      {canRetry && (
        <Button onClick={() => session.send({ type: 'session.retry' })}>Try Again</Button>
      )}
    </MessageView>
  )
}
