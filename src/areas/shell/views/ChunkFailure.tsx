import { Button } from '@radix-ui/themes'
import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router'
import { chunkGuardInput, chunkGuardMachine, isChunkFailure } from '../machines/chunkGuard.machine'
import { MessageView } from '../../../kit/views/message/MessageView'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'

export const CHUNK_FAILURE_MESSAGE =
  'Something went wrong. If page does not refresh automatically after 5 seconds, please manually refresh:'

/**
 * A part of the console that could not be loaded (SPEC.md §2 'Other', §8): the message with a
 * Refresh button, while the chunkGuard statechart decides about reloading by itself.
 */
export function ChunkFailure() {
  const guard = useScreenActor(chunkGuardMachine, { input: chunkGuardInput() })
  return (
    <MessageView message={CHUNK_FAILURE_MESSAGE}>
      <Button onClick={() => guard?.send({ type: 'chunk.refresh' })}>Refresh</Button>
    </MessageView>
  )
}

/** The router's error component: chunk-load failures get the reload guard, others the default. */
export function RouteError(props: ErrorComponentProps) {
  return isChunkFailure(props.error) ? <ChunkFailure /> : <ErrorComponent {...props} />
}
