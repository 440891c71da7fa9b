import type { FastifyBaseLogger } from 'fastify'

/**
 * oidc-provider prints its notices and warnings with console.info and console.warn
 * (lib/helpers/attention.js), in colour on a terminal, and offers no hook for them. Those two
 * lines, and only those, are taken from the console into the app's JSON log, so an operator's log
 * reader sees them like every other line. The console is the process's, so the log is the one of
 * the app that started last (one per process outside tests).
 */
const PROVIDER_LINE =
  // eslint-disable-next-line no-control-regex -- the provider's colour codes are control characters
  /^(?:\u001b\[[\d;]*m)?oidc-provider (NOTICE|WARNING): ([\s\S]*?)(?:\u001b\[0m)?$/

let log: FastifyBaseLogger | undefined
let installed = false

function install() {
  if (installed) return
  installed = true
  for (const method of ['info', 'warn'] as const) {
    const original = console[method].bind(console)
    console[method] = (...args: unknown[]) => {
      const match = args.length === 1 && typeof args[0] === 'string' && PROVIDER_LINE.exec(args[0])
      if (match && log) {
        const level = match[1] === 'WARNING' ? 'warn' : 'info'
        log[level]({ source: 'oidc-provider' }, match[2])
        return
      }
      original(...args)
    }
  }
}

/** Sends the provider's console lines to `logger` until the returned function is called. */
export function logProviderConsole(logger: FastifyBaseLogger): () => void {
  install()
  log = logger
  return () => {
    if (log === logger) log = undefined
  }
}
