import { ChevronLeftIcon, ChevronRightIcon, StopIcon } from '@radix-ui/react-icons'
import { Box, Button, Card, Code, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectCanBack, selectCanForward, selectPlaying } from '../machines/flowsChart.selectors'

/**
 * Above the diagram while Paths is on show: the path playing, the step it is at in words, and the
 * controls to step through it. The step is announced as it changes.
 */
export function PathPlayer({ actor, chart }: { actor: FlowsChartActor; chart: Chart }) {
  const playing = useSelector(actor, selectPlaying)
  const canForward = useSelector(actor, selectCanForward)
  const canBack = useSelector(actor, selectCanBack)
  const path = playing && chart.paths.paths[playing.path]
  if (!playing || !path)
    return (
      <Text as="p" size="2" color="gray">
        Press Play on a path below to follow it on the diagram, step by step.
      </Text>
    )
  const step = playing.step === 0 ? undefined : path.steps[playing.step - 1]
  return (
    <Card size="1">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Box role="status" minWidth="0" flexBasis="320px" flexGrow="1">
          <Text as="div" size="2" weight="bold">
            {path.id}, step {playing.step} of {path.steps.length}
          </Text>
          <Text as="div" size="2">
            {step ? step.action : `Start: ${path.start.checkpoint || path.start.state}`}
          </Text>
          <Text as="div" size="1" color="gray">
            Now in <Code variant="ghost">{step ? step.state : path.start.state}</Code>
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button
            variant="soft"
            disabled={!canBack}
            onClick={() => actor.send({ type: 'path.back' })}
          >
            <ChevronLeftIcon aria-hidden /> Previous step
          </Button>
          <Button
            variant="soft"
            disabled={!canForward}
            onClick={() => actor.send({ type: 'path.forward' })}
          >
            Next step <ChevronRightIcon aria-hidden />
          </Button>
          <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'path.stop' })}>
            <StopIcon aria-hidden /> Stop
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}
