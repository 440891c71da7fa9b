import { Button, Flex, Spinner, Text } from '@radix-ui/themes'
import { ErrorCallout } from '../form/ErrorCallout'

/** A step under way on a signed-out card ('Signing in...'), announced as a status. */
export function Pending({ message }: { message: string }) {
  return (
    <Flex align="center" justify="center" gap="3" py="4" role="status">
      <Spinner size="3" />
      <Text>{message}</Text>
    </Flex>
  )
}

type RetryProps = {
  message: string
  /** The button's words: 'Try Again'. */
  retry: string
  canRetry: boolean
  onRetry: () => void
}

/** A step that could not be done: why, over a large button that tries it again. */
export function RetryFailure({ message, retry, canRetry, onRetry }: RetryProps) {
  return (
    <>
      <ErrorCallout message={message} />
      <Button size="3" disabled={!canRetry} onClick={onRetry}>
        {retry}
      </Button>
    </>
  )
}
