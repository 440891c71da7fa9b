type Observer<T> = {
  next?: (value: T) => void
  error?: (error: unknown) => void
  complete?: () => void
}
type Subscription = { unsubscribe(): void }

/** An observable (the shape XState's fromObservable and Dexie's liveQuery share) over one task. */
export type ProgressStream<T> = {
  subscribe(observer: Observer<T>): Subscription
  subscribe(
    next: (value: T) => void,
    error?: (error: unknown) => void,
    complete?: () => void,
  ): Subscription
}

/**
 * Runs `task` once per subscriber: its reports are the values, its end completes the stream, its
 * failure errors it. Unsubscribing aborts the task, so a statechart that leaves the loading state
 * stops the load with it.
 */
export function progressStream<T>(
  task: (report: (value: T) => void, signal: AbortSignal) => Promise<void>,
): ProgressStream<T> {
  return {
    subscribe(
      first: Observer<T> | ((value: T) => void),
      error?: (error: unknown) => void,
      complete?: () => void,
    ): Subscription {
      const observer = typeof first === 'function' ? { next: first, error, complete } : first
      const controller = new AbortController()
      const live = () => !controller.signal.aborted
      task((value) => live() && observer.next?.(value), controller.signal).then(
        () => live() && observer.complete?.(),
        (failure: unknown) => live() && observer.error?.(failure),
      )
      return { unsubscribe: () => controller.abort() }
    },
  }
}
