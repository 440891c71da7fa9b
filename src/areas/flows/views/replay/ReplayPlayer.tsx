import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@radix-ui/react-icons'
import { Box, Button, Card, Code, Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FlowsReplayActor, ReplayChart } from '../../machines/flowsReplay.machine'
import {
  selectCanBack,
  selectCanForward,
  selectPlaying,
  selectShown,
  selectStep,
  stoppedText,
} from '../../machines/flowsReplay.selectors'

/**
 * Above the diagram: the step shown in words (announced as it changes), and Previous step, Next
 * step and Play, as the Paths player has them. On the last step it says where the attempt stopped.
 */
export function ReplayPlayer({ actor, chart }: { actor: FlowsReplayActor; chart: ReplayChart }) {
  const step = useSelector(actor, selectStep)
  const shown = useSelector(actor, selectShown)
  const playing = useSelector(actor, selectPlaying)
  const canForward = useSelector(actor, selectCanForward)
  const canBack = useSelector(actor, selectCanBack)
  const { steps, start } = chart.played
  const last = step === steps.length && steps.length > 0
  return (
    <Card size="1">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Box role="status" minWidth="0" flexBasis="320px" flexGrow="1">
          <Text as="div" size="2" weight="bold">
            Step {step} of {steps.length}
          </Text>
          <Text as="div" size="2">
            {shown ? shown.sentence : `Start: ${start.checkpoint || start.state}`}
          </Text>
          {last && (
            <Text as="div" size="2" weight="medium" color="red">
              {stoppedText(steps)}
            </Text>
          )}
          <Text as="div" size="1" color="gray">
            Now in <Code variant="ghost">{shown ? shown.state : start.state}</Code>
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button
            variant="soft"
            disabled={!canBack}
            onClick={() => actor.send({ type: 'replay.back' })}
          >
            <ChevronLeftIcon aria-hidden /> Previous step
          </Button>
          <Button
            variant="soft"
            disabled={!canForward}
            onClick={() => actor.send({ type: 'replay.forward' })}
          >
            Next step <ChevronRightIcon aria-hidden />
          </Button>
          {playing ? (
            <Button
              variant="soft"
              color="gray"
              onClick={() => actor.send({ type: 'replay.pause' })}
            >
              <PauseIcon aria-hidden /> Pause
            </Button>
          ) : (
            <Button variant="soft" onClick={() => actor.send({ type: 'replay.play' })}>
              <PlayIcon aria-hidden /> Play
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  )
}
