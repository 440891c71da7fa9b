// `node --import tsx server/main.ts`: start Gatehouse from the environment (DESIGN.md §3).
import { ConfigError } from './config'
import { DataDirLockedError } from './db/lock'
import { startServer } from './serve'

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000
/** After the cut, how long closing the database and timers may take before the process gives up. */
const SHUTDOWN_LIMIT_MS = SHUTDOWN_GRACE_MS + 5_000

try {
  const server = await startServer()
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: stopping Gatehouse…\n`)
    // Fastify stops accepting, answers 503 to new requests on open connections, ends the event
    // streams (event-streams.ts), waits for requests in flight, then stops the timers and closes
    // the database, which releases the DATA_DIR lock. Requests still running after the grace
    // period have their connections cut; a close that still hangs ends the process with 1.
    setTimeout(() => server.app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref()
    setTimeout(() => {
      console.error(`Gatehouse did not stop within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting.`)
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
} catch (error) {
  // Operator mistakes get one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Gatehouse cannot start: ${error.message}`)
  } else {
    console.error('Gatehouse cannot start:', error)
  }
  process.exit(1)
}
