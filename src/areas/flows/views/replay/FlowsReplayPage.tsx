import { Box, Button, Flex, Heading, Link as RadixLink, Spinner, Text } from '@radix-ui/themes'
import { Link, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { CatalogEntry } from '../../../../flows/catalogEntry'
import { useCatalog } from '../catalogContext'
import { flowsReplayMachine, type FlowsReplayActor } from '../../machines/flowsReplay.machine'
import { selectChart, selectError, selectLoading } from '../../machines/flowsReplay.selectors'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { ErrorCallout } from '../../../../kit/views/form/ErrorCallout'
import { PageHeader } from '../../../../kit/views/page/PageHeader'
import { ReplayDiagram } from './ReplayDiagram'
import { ReplayPlayer } from './ReplayPlayer'
import { ReplaySteps } from './ReplaySteps'

/** Loading, why it failed, or the attempt: the player, the diagram and the recorded steps. */
export function FlowsReplayView({ actor, machine }: { actor: FlowsReplayActor; machine: string }) {
  const loading = useSelector(actor, selectLoading)
  const error = useSelector(actor, selectError)
  const chart = useSelector(actor, selectChart)
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={`Replay on ${machine}`} />
      <Text as="p" size="2" color="gray">
        The steps the audit log recorded for this attempt, played on the statechart that drove it.
        What was typed is never recorded: passwords and codes show as dots.{' '}
        <RadixLink asChild>
          <Link to="/flows/$machine" params={{ machine }}>
            The statechart {machine}
          </Link>
        </RadixLink>
      </Text>
      {loading && (
        <Flex role="status" align="center" gap="2">
          <Spinner />
          <Text size="2">Reading the attempt from the audit log…</Text>
        </Flex>
      )}
      {error && (
        <Flex direction="column" gap="2" align="start">
          <ErrorCallout message={`This attempt cannot be replayed: ${error}`} />
          <Button variant="soft" onClick={() => actor.send({ type: 'replay.retry' })}>
            Try again
          </Button>
        </Flex>
      )}
      {chart && (
        <Flex direction="column" gap="4">
          <ReplayPlayer actor={actor} chart={chart} />
          <ReplayDiagram actor={actor} chart={chart} />
          <Box>
            <Heading as="h2" size="3" mb="2">
              Recorded steps
            </Heading>
            <ReplaySteps actor={actor} chart={chart} />
          </Box>
        </Flex>
      )}
    </Flex>
  )
}

/** The replay of the Logs row `logId` on the statechart `machine` (its catalog entry). */
export function FlowsReplay({
  machine,
  logId,
  entry,
}: {
  machine: string
  logId: string
  entry: CatalogEntry | undefined
}) {
  const actor = useScreenActor(flowsReplayMachine, { input: { machine, logId, entry } })
  if (!actor) return null
  return <FlowsReplayView actor={actor} machine={machine} />
}

/** /flows/{machine}/replay/{logId}: a real sign-in, step by step on its statechart. */
export function FlowsReplayPage() {
  const { machine = '', logId = '' } = useParams({ strict: false })
  const entry = useCatalog().find((e) => e.id === machine)
  return <FlowsReplay key={`${machine}/${logId}`} machine={machine} logId={logId} entry={entry} />
}
