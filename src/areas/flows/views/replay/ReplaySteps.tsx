import { Badge, Box, Button, Code, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FlowsReplayActor, ReplayChart } from '../../machines/flowsReplay.machine'
import type { PlayedStep } from '../../machines/flowsReplay.play'
import { selectStep } from '../../machines/flowsReplay.selectors'
import { formatDateTime } from '../../../../kit/views/format/dateTime'

// As Logs colours them (areas/logs/views/outcomeColor.ts).
const OUTCOME_COLOR = { success: 'green', failure: 'red', refused: 'orange' } as const

/** What a step did on the statechart, in the descriptions of the transitions it took. */
function Took({ step }: { step: PlayedStep }) {
  return (
    <>
      {step.transitions.length > 0 && (
        <Text as="div" size="2">
          Took: {step.transitions.join(' → ')}
        </Text>
      )}
      {step.notTaken.length > 0 && (
        <Text as="div" size="2" color="amber">
          The statechart did not take{' '}
          {step.notTaken.map((type, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <Code variant="ghost">{type}</Code>
            </span>
          ))}{' '}
          from where it was.
        </Text>
      )}
      {step.note && (
        <Text as="div" size="1" color="gray">
          {step.note}
        </Text>
      )}
    </>
  )
}

/**
 * The recorded steps, oldest first: when, the Logs sentence, how it ended and the transitions it
 * took. The step shown is marked; choosing one shows it on the diagram.
 */
export function ReplaySteps({ actor, chart }: { actor: FlowsReplayActor; chart: ReplayChart }) {
  const shown = useSelector(actor, selectStep)
  const { steps } = chart.played
  return (
    <Box asChild>
      <ol aria-label="Recorded steps" style={{ paddingLeft: 0, listStyle: 'none', margin: 0 }}>
        {steps.map((step, i) => (
          <li key={i} aria-current={shown === i + 1 ? 'step' : undefined}>
            <Flex
              direction="column"
              gap="1"
              py="2"
              px="3"
              style={{
                borderLeft: `3px solid ${shown === i + 1 ? 'var(--accent-9)' : 'var(--gray-6)'}`,
              }}
            >
              <Flex align="center" gap="2" wrap="wrap">
                <Text size="1" color="gray">
                  {i + 1}. <time dateTime={step.at}>{formatDateTime(step.at)}</time>
                </Text>
                <Badge color={OUTCOME_COLOR[step.outcome]} highContrast>
                  {step.outcome}
                </Badge>
                {step.logId === null && <Badge color="gray">implied</Badge>}
              </Flex>
              <Button
                variant="ghost"
                size="2"
                style={{ justifyContent: 'flex-start', textAlign: 'left', height: 'auto' }}
                onClick={() => actor.send({ type: 'replay.show', step: i + 1 })}
              >
                {step.sentence}
              </Button>
              <Took step={step} />
            </Flex>
          </li>
        ))}
      </ol>
    </Box>
  )
}
