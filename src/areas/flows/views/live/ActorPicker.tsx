import { Flex, Select, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { thisTab } from '../../../../flows/live'
import type { FollowedActor } from './followed'
import { actorName } from './liveWords'

export const LATEST = 'latest'

type Props = {
  machineId: string
  actors: FollowedActor[]
  /** A sessionId, or LATEST: whichever moved last. */
  value: string
  onChange: (value: string) => void
}

/** Which of several running actors of the machine the panel shows (two tabs, two editors). */
export function ActorPicker({ machineId, actors, value, onChange }: Props) {
  const label = useId()
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text id={label} size="2" weight="medium">
        Which {machineId}
      </Text>
      <Select.Root value={value} onValueChange={onChange} size="2">
        <Select.Trigger aria-labelledby={label} />
        <Select.Content>
          <Select.Item value={LATEST}>Whichever moved last</Select.Item>
          {actors.map((actor) => (
            <Select.Item key={actor.sessionId} value={actor.sessionId}>
              {actorName(actor, thisTab)}
              {actor.ended ? ', ended' : ''}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  )
}
