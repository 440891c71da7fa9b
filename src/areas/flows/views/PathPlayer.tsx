import { StopIcon } from '@radix-ui/react-icons'
import { Button, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectCanBack, selectCanForward, selectPlaying } from '../machines/flowsChart.selectors'
import { StepPlayer } from './StepPlayer'

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
    <StepPlayer
      heading={`${path.id}, step ${playing.step} of ${path.steps.length}`}
      line={step ? step.action : `Start: ${path.start.checkpoint || path.start.state}`}
      state={step ? step.state : path.start.state}
      canBack={canBack}
      canForward={canForward}
      onBack={() => actor.send({ type: 'path.back' })}
      onForward={() => actor.send({ type: 'path.forward' })}
    >
      <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'path.stop' })}>
        <StopIcon aria-hidden /> Stop
      </Button>
    </StepPlayer>
  )
}
