import { Button } from '@radix-ui/themes'
import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isChunkLoadError, scheduleChunkReload } from '../../data/prefs/chunkReload'
import { MessageView } from '../message/MessageView'

export const CHUNK_FAILURE_MESSAGE =
  'Something went wrong. If page does not refresh automatically after 5 seconds, please manually refresh:'

/**
 * A part of the console that could not be loaded (SPEC.md §2 'Other', §8): the message with a
 * Refresh button; the page reloads by itself after 2 seconds, at most once per 10 seconds.
 */
export function ChunkFailure() {
  useEffect(() => scheduleChunkReload().cancel, [])
  return (
    <MessageView message={CHUNK_FAILURE_MESSAGE}>
      <Button onClick={() => globalThis.location.reload()}>Refresh</Button>
    </MessageView>
  )
}

/** The router's error component: chunk-load failures get the reload guard, others the default. */
export function RouteError(props: ErrorComponentProps) {
  return isChunkLoadError(props.error) ? <ChunkFailure /> : <ErrorComponent {...props} />
}
