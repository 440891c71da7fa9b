import { Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { Logo } from '../brand/Logo'

type Props = {
  message: string
  secondary?: string
  spinner?: boolean
  /** An action under the message, such as a retry button. */
  children?: ReactNode
}

/** The full-screen message (SPEC.md §2): logo, optional spinner, message and a secondary message. */
export function MessageView({ message, secondary, spinner = false, children }: Props) {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="4"
      p="5"
      minHeight="100vh"
      role="status"
      aria-busy={spinner}
    >
      <Logo size={72} />
      <Flex align="center" gap="3">
        {spinner && <Spinner size="3" />}
        <Heading as="h1" size="5" weight="regular">
          {message}
        </Heading>
      </Flex>
      {secondary && (
        <Text color="gray" size="2">
          {secondary}
        </Text>
      )}
      {children}
    </Flex>
  )
}
