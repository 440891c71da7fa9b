import { Badge, Button, Callout, Flex, Grid, Text, VisuallyHidden } from '@radix-ui/themes'
import { useMemo, useState, useSyncExternalStore } from 'react'
import type { FlowGraph } from '../../../../flows/graph'
import { thisTab } from '../../../../flows/live'
import { FlowDiagram } from '../diagram/FlowDiagram'
import { ActorPicker, LATEST } from './ActorPicker'
import { shown } from './followed'
import { LiveLog } from './LiveLog'
import { activeLeaves, actorName, statesInWords } from './liveWords'
import { openSidePanel, readSidePanel, subscribeSidePanel } from './sidePanel'
import { useFollowed } from './useFollowed'

type Props = {
  graph: FlowGraph
  machineId: string
  /** Inside the side panel: smaller diagram, no "Follow in a side panel". */
  inSidePanel?: boolean
}

/**
 * Live: the diagram of `machineId` lit with the active states and last transitions of its running
 * actor in any tab of this browser (the console publishes them on a BroadcastChannel, flows/live.ts),
 * a picker when several run, the last events in words, and a polite announcement of each new state.
 */
export function LivePanel({ graph, machineId, inSidePanel = false }: Props) {
  const { actors } = useFollowed(machineId)
  const [picked, setPicked] = useState(LATEST)
  const actor = shown(actors, picked)
  const active = useMemo(() => new Set(actor?.active ?? []), [actor?.active])
  const taken = useMemo(() => new Set(actor?.taken ?? []), [actor?.taken])
  const states = actor ? statesInWords(graph, actor.active) : ''
  const described = actor
    ? activeLeaves(graph, actor.active).flatMap((s) => s.description ?? [])
    : []
  return (
    <Flex direction="column" gap="3">
      {!inSidePanel && <FollowInSidePanel machineId={machineId} />}
      {actor ? (
        <Flex direction="column" gap="1">
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color={actor.ended ? 'gray' : 'green'} highContrast>
              {actor.ended ? 'Ended' : 'Running'}
            </Badge>
            <Text size="2" weight="medium">
              {actorName(actor, thisTab)}
            </Text>
          </Flex>
          <Text size="2">
            Now in <Text weight="bold">{states}</Text>
            {described.length > 0 && <Text color="gray">: {described.join(' ')}</Text>}
          </Text>
        </Flex>
      ) : (
        <Callout.Root color="gray" size="1">
          <Callout.Text>
            Waiting for a {machineId} to run — open it {inSidePanel ? 'here or ' : ''}in another
            tab.
          </Callout.Text>
        </Callout.Root>
      )}
      {actors.length > 1 && (
        <ActorPicker machineId={machineId} actors={actors} value={picked} onChange={setPicked} />
      )}
      {/* On a wide page the log stands beside the diagram: both in view as the actor moves. */}
      <Grid
        columns={inSidePanel ? '1' : { initial: '1', md: 'minmax(0, 1fr) 300px' }}
        gap="4"
        align="start"
      >
        <FlowDiagram
          graph={graph}
          label={`Live diagram of ${machineId}`}
          active={active}
          taken={taken}
          compact={inSidePanel}
        />
        {actor && <LiveLog graph={graph} log={actor.log} />}
      </Grid>
      <VisuallyHidden role="status">
        {actor ? `${machineId} ${actor.ended ? 'ended in' : 'is now in'} ${states}.` : ''}
      </VisuallyHidden>
    </Flex>
  )
}

/** Opens the side panel on this machine: it then follows it on every screen of this tab. */
function FollowInSidePanel({ machineId }: { machineId: string }) {
  const choice = useSyncExternalStore(subscribeSidePanel, readSidePanel, readSidePanel)
  const docked = choice?.machine === machineId
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Button
        variant="soft"
        disabled={docked}
        onClick={() => openSidePanel({ machine: machineId })}
      >
        Follow in a side panel
      </Button>
      <Text size="2" color="gray">
        {docked
          ? 'The side panel follows it on every screen of this tab, signed in or out.'
          : 'Keeps this machine on show beside every screen of this tab, even across signing out and in.'}
      </Text>
    </Flex>
  )
}
