import { Button, Callout, Flex, Spinner, Text } from '@radix-ui/themes'

/** "Loading the queue…" with a spinner, while a screen's first read is under way. */
export function Reading({ message }: { message: string }) {
  return (
    <Flex align="center" gap="2">
      <Spinner /> <Text color="gray">{message}</Text>
    </Flex>
  )
}

/** A read that failed: what could not be read and why, with Retry when the statechart offers it. */
export function ReadFailure({
  message,
  error,
  onRetry,
}: {
  message: string
  error: string
  onRetry?: () => void
}) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Flex align="center" gap="3" wrap="wrap">
        <Callout.Text>
          {message}: {error}
        </Callout.Text>
        {onRetry && (
          <Button size="1" variant="soft" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Flex>
    </Callout.Root>
  )
}
