import type { App } from '../app-types'

/**
 * Runs `work` when the app is ready and every `intervalMs` after, never twice at once: a slow run
 * is not started again, the next tick catches up. A failure is logged as `failed`; closing the
 * app stops the timer and waits for a run under way.
 */
export function runPeriodically(
  app: App,
  intervalMs: number,
  failed: string,
  work: () => Promise<void>,
) {
  let running: Promise<void> | undefined
  const run = () => {
    running ??= work()
      .catch((error: unknown) => app.log.error({ err: error }, failed))
      .finally(() => (running = undefined))
  }
  const timer = setInterval(run, intervalMs)
  timer.unref()
  app.addHook('onReady', (next) => {
    run()
    next()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
