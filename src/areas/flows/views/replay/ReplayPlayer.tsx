import { PauseIcon, PlayIcon } from '@radix-ui/react-icons'
import { Button, Text } from '@radix-ui/themes'
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
import { StepPlayer } from '../StepPlayer'

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
    <StepPlayer
      heading={`Step ${step} of ${steps.length}`}
      line={shown ? shown.sentence : `Start: ${start.checkpoint || start.state}`}
      note={
        last && (
          <Text as="div" size="2" weight="medium" color="red">
            {stoppedText(steps)}
          </Text>
        )
      }
      state={shown ? shown.state : start.state}
      canBack={canBack}
      canForward={canForward}
      onBack={() => actor.send({ type: 'replay.back' })}
      onForward={() => actor.send({ type: 'replay.forward' })}
    >
      {playing ? (
        <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'replay.pause' })}>
          <PauseIcon aria-hidden /> Pause
        </Button>
      ) : (
        <Button variant="soft" onClick={() => actor.send({ type: 'replay.play' })}>
          <PlayIcon aria-hidden /> Play
        </Button>
      )}
    </StepPlayer>
  )
}
