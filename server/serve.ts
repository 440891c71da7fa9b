import { buildApp, type BuildOptions } from './app'
import type { App } from './app-types'
import { signInInstructions } from './use-cases/first-administrator'
import { type Config, loadConfig } from './config'

export interface RunningServer {
  app: App
  /** The address it listens on, e.g. http://127.0.0.1:8080 */
  url: string
  close(): Promise<void>
}

/**
 * Builds the app from `config` (or the environment), listens on HOST:PORT and prints how to reach
 * it — and, on the first start, how to sign in as the administrator.
 */
export async function startServer(
  options: Partial<BuildOptions> & { config?: Config } = {},
): Promise<RunningServer> {
  const config = options.config ?? loadConfig(process.env)
  const print = options.print ?? ((text: string) => void process.stdout.write(text))
  const app = await buildApp({ logger: true, ...options, config, print })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  print(`Gatehouse is listening on ${url} (public URL ${config.publicUrl}).\n`)
  print(signInInstructions(app.adminBootstrap, config.publicUrl))
  return { app, url, close: () => app.close() }
}
