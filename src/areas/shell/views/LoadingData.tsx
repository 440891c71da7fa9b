import { Box, Button, Flex, Progress, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { loadingAreas, type SyncActor, type SyncSnapshot } from '../../../kit/session/sync.machine'
import { selectDataFailed, selectSync } from '../../../kit/session/session.selectors'
import { MessageView } from '../../../kit/views/message/MessageView'
import { loadingErrorText, loadingLines } from '../../../kit/session/loadingText'
import { useSession } from '../../../kit/views/actors/sessionContext'

// Joined, so that the selector's answer compares equal while nothing on screen changes.
const selectProgress = (snapshot: SyncSnapshot) =>
  loadingLines(snapshot.context.areaProgress, loadingAreas(snapshot)).join('\n')
const selectError = (snapshot: SyncSnapshot) => loadingErrorText(snapshot.context.error)

/** The table being loaded and its rows, under an indeterminate bar: the server sends no totals. */
function SyncProgress({ sync }: { sync: SyncActor }) {
  const text = useSelector(sync, selectProgress)
  return (
    <Flex direction="column" align="center" gap="2" width="min(320px, 80vw)">
      <Box width="100%">
        <Progress aria-label="Loading data" duration="3s" />
      </Box>
      <Flex direction="column" align="center" aria-live="polite">
        {(text || 'Opening the local database…').split('\n').map((line) => (
          <Text key={line} size="2" color="gray">
            {line}
          </Text>
        ))}
      </Flex>
    </Flex>
  )
}

function SyncFailure({ sync }: { sync: SyncActor }) {
  const session = useSession()
  const reason = useSelector(sync, selectError)
  return (
    <MessageView message="The data could not be loaded." secondary={reason}>
      <Flex gap="3">
        <Button onClick={() => session.send({ type: 'data.retry' })}>Try Again</Button>
        <Button asChild variant="soft" color="gray">
          <Link to="/logout">Logout</Link>
        </Button>
      </Flex>
    </MessageView>
  )
}

/**
 * SPEC.md §2 startup texts: 'Loading Data, please wait...' with the table being loaded, until both
 * caches are ready (SPEC.md §4); a failure stays on screen with Try Again, never a blank page.
 */
export function LoadingData() {
  const session = useSession()
  const sync = useSelector(session, selectSync)
  const failed = useSelector(session, selectDataFailed)
  if (sync && failed) return <SyncFailure sync={sync} />
  return (
    <MessageView message="Loading Data, please wait..." spinner>
      {sync && <SyncProgress sync={sync} />}
    </MessageView>
  )
}
