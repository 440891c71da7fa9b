import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons'
import { Box, Button, Card, Code, Flex, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = {
  /** 'login-3, step 2 of 5' */
  heading: string
  /** What the step shown did, in words (or the start). */
  line: string
  /** Below the line, e.g. where a replayed attempt stopped. */
  note?: ReactNode
  /** The state the machine is in after the step. */
  state: string
  canBack: boolean
  canForward: boolean
  onBack: () => void
  onForward: () => void
  /** Controls after Previous step and Next step (Stop, Play or Pause). */
  children?: ReactNode
}

/**
 * Above a diagram: the step shown in words, announced as it changes, with Previous step and Next
 * step. The Paths player and the replay of a Logs row share it.
 */
export function StepPlayer(props: Props) {
  return (
    <Card size="1">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Box role="status" minWidth="0" flexBasis="320px" flexGrow="1">
          <Text as="div" size="2" weight="bold">
            {props.heading}
          </Text>
          <Text as="div" size="2">
            {props.line}
          </Text>
          {props.note}
          <Text as="div" size="1" color="gray">
            Now in <Code variant="ghost">{props.state}</Code>
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" disabled={!props.canBack} onClick={props.onBack}>
            <ChevronLeftIcon aria-hidden /> Previous step
          </Button>
          <Button variant="soft" disabled={!props.canForward} onClick={props.onForward}>
            Next step <ChevronRightIcon aria-hidden />
          </Button>
          {props.children}
        </Flex>
      </Flex>
    </Card>
  )
}
