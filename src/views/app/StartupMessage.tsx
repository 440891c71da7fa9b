import { Button } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { StartupSnapshot } from '../../machines/startup.machine'
import { MessageView } from '../message/MessageView'
import { useStartup } from './startupContext'

/** The message for a startup state in which no route may show, or null when routes may show. */
export function selectStartupMessage(snapshot: StartupSnapshot): string | null {
  if (snapshot.matches('authenticating')) return 'Authenticating...'
  if (snapshot.matches('signingOut')) return 'Signing out...'
  if (snapshot.matches('unreachable')) return 'An Error Occurred. Try Again.'
  return null
}

const selectBusy = (snapshot: StartupSnapshot) => snapshot.hasTag('busy')
const selectCanRetry = (snapshot: StartupSnapshot) => snapshot.can({ type: 'session.retry' })

/** Full-screen message while the session is being found out or ended. */
export function StartupMessage({ message }: { message: string }) {
  const startup = useStartup()
  const busy = useSelector(startup, selectBusy)
  const canRetry = useSelector(startup, selectCanRetry)
  return (
    <MessageView message={message} spinner={busy}>
      {canRetry && (
        <Button onClick={() => startup.send({ type: 'session.retry' })}>Try Again</Button>
      )}
    </MessageView>
  )
}
