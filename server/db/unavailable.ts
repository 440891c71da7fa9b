/**
 * Recognises the errors of a database that is away (stopped, restarting, unreachable, out of
 * connection slots) as opposed to a query that is wrong: the first is worth a retry (503), the
 * second is a defect (500). Drizzle wraps driver errors, so the causes are followed.
 */

// Socket errors from Node while connecting to, or talking with, the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

// PostgreSQL SQLSTATEs: class 08 connection exception; 57P01 admin shutdown, 57P02 crash
// shutdown, 57P03 cannot connect now (starting up, recovery); 53300 too many connections.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

// node-postgres reports a lost or never-made connection in words only.
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
]

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
  }
  return typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))
}

/** True when `error`, or an error it wraps, says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error]
  // A bounded walk: causes and AggregateError's errors can in theory form a cycle.
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const item = pending.shift()
    if (item === null || typeof item !== 'object') continue
    if (isUnavailableItself(item)) return true
    const { cause, errors } = item as { cause?: unknown; errors?: unknown }
    if (cause !== undefined) pending.push(cause)
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]))
  }
  return false
}
