// `node --import tsx server/main.ts`: start Gatehouse from the environment (DESIGN.md §3).
import { ConfigError } from './config'
import { DataDirLockedError } from './db/lock'
import { startServer } from './serve'

try {
  const server = await startServer()
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: stopping Gatehouse…\n`)
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
