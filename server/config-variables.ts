import Type, { type TSchema } from 'typebox'
import { isEmail } from '../schema/rules'
import { passwordPolicyFailures } from '../schema/new-password'

/** One environment variable: its default, what it means, and how a value is checked. */
export interface ConfigVariable {
  name: string
  /** The default as an operator would write it; undefined when unset means "off". */
  default: string | undefined
  meaning: string
  /** Words for "must be …" in the start-up error. */
  expected: string
  schema: TSchema
  /** Integers arrive as text and are converted before the check. */
  integer?: boolean
  /** A check TypeBox cannot express; answers what is wrong, or undefined. */
  refine?: (value: string) => string | undefined
  /** Secrets are never echoed back in an error message. */
  secret?: boolean
}

const integer = (minimum: number, maximum: number) => ({
  expected: `an integer from ${minimum} to ${maximum}`,
  schema: Type.Integer({ minimum, maximum }),
  integer: true,
})

const url = (protocols: string[]) => ({
  expected: `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  schema: Type.String({ minLength: 1 }),
  refine: (value: string) => {
    try {
      return protocols.includes(new URL(value).protocol) ? undefined : 'wrong scheme'
    } catch {
      return 'not a URL'
    }
  },
})

/** The configuration table (DESIGN.md §3); the README shows it as written here. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    default: '8080',
    meaning: 'TCP port the server listens on',
    ...integer(1, 65535),
  },
  {
    name: 'HOST',
    default: '127.0.0.1',
    meaning: 'interface the server listens on',
    expected: 'a host name or IP address',
    schema: Type.String({ minLength: 1, pattern: '^[^\\s/]+$' }),
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    meaning: 'origin used in links and cookies (Secure and __Host- prefixed when https)',
    ...url(['http:', 'https:']),
  },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'PGlite database, outbox files, lock file; one server process per directory',
    expected: 'a directory path',
    schema: Type.String({ minLength: 1 }),
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    meaning: 'PostgreSQL instead of PGlite; several server processes may share it',
    ...url(['postgres:', 'postgresql:']),
    secret: true,
  },
  {
    name: 'ADMIN_EMAIL',
    default: 'admin@example.com',
    meaning: 'the administrator created on first start',
    expected: 'an email address',
    schema: Type.String({ minLength: 1 }),
    refine: (value) => (isEmail(value) ? undefined : 'not an email address'),
  },
  {
    name: 'ADMIN_PASSWORD',
    default: undefined,
    meaning:
      'first administrator password; unset: a generated one is printed once and written to DATA_DIR/initial-admin-password (mode 0600) and must be changed at first sign-in',
    expected: 'a password that meets the password policy',
    schema: Type.String({ minLength: 1 }),
    refine: (value) => {
      const broken = passwordPolicyFailures(value)
      return broken.length > 0 ? `it needs ${broken.join(', ')}` : undefined
    },
    secret: true,
  },
  {
    name: 'SMTP_URL',
    default: undefined,
    meaning: 'SMTP server for email (nodemailer); unset: the log transport',
    ...url(['smtp:', 'smtps:']),
    secret: true,
  },
  {
    name: 'MAIL_FROM',
    default: 'Gatehouse <gatehouse@localhost>',
    meaning: 'sender of outgoing email',
    expected: 'a sender address',
    schema: Type.String({ minLength: 3, pattern: '@' }),
  },
  {
    name: 'SMS_WEBHOOK_URL',
    default: undefined,
    meaning: 'SMS gateway that receives POST {to, text} JSON; unset: the log transport',
    ...url(['http:', 'https:']),
    secret: true,
  },
  {
    name: 'PASSWORD_MAX_AGE_DAYS',
    default: '90',
    meaning: 'password expiry; the console warns under 14 days left',
    ...integer(1, 3650),
  },
  {
    name: 'LOCKOUT_THRESHOLD',
    default: '10',
    meaning:
      'wrong passwords, codes and password re-checks in a row that lock an account for its unknown devices (or one known device, or end a session) for a while (code 823); known devices stay open',
    ...integer(1, 1000),
  },
  {
    name: 'LOCKOUT_WAIT_MINUTES',
    default: '5',
    meaning:
      'length of the first temporary lock; each further one in a row doubles it (at most a day)',
    ...integer(1, 1440),
  },
  {
    name: 'LOCKOUT_PERMANENT_AFTER',
    default: '0',
    meaning:
      'temporary locks in a row after which reaching LOCKOUT_THRESHOLD again locks until staff unlock (code 802); 0: never. Opt-in: it lets a stranger deny the owner service',
    ...integer(0, 100),
  },
  {
    name: 'SESSION_IDLE_MINUTES',
    default: '30',
    meaning: 'console session idle lifetime',
    ...integer(1, 10080),
  },
  {
    name: 'SESSION_MAX_HOURS',
    default: '12',
    meaning: 'console session absolute lifetime',
    ...integer(1, 8760),
  },
  {
    name: 'THROTTLE_MAX_FAILURES',
    default: '20',
    meaning:
      'password, code and passkey checks from one IP address (IPv6: its /64) that may fail within the window before code 823',
    ...integer(1, 100000),
  },
  {
    name: 'THROTTLE_WINDOW_SECONDS',
    default: '300',
    meaning: 'the window THROTTLE_MAX_FAILURES counts in',
    ...integer(1, 86400),
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning:
      'structured (pino JSON) log level on stdout: fatal, error, warn, info, debug, trace or silent; secrets are redacted',
    expected: 'one of fatal, error, warn, info, debug, trace, silent',
    schema: Type.String({ pattern: '^(fatal|error|warn|info|debug|trace|silent)$' }),
  },
  {
    name: 'METRICS_ENABLED',
    default: 'false',
    meaning: 'true: Prometheus metrics at GET /metrics on the main port (docs/metrics.md)',
    expected: 'true or false',
    schema: Type.String({ pattern: '^(true|false)$' }),
  },
  {
    name: 'METRICS_PORT',
    default: undefined,
    meaning:
      'serve GET /metrics on its own listener on this port (on HOST) and not on the main one; unset: see METRICS_ENABLED',
    ...integer(1, 65535),
  },
  {
    name: 'OIDC_PRIVATE_BACKCHANNEL',
    default: 'false',
    meaning:
      'true lets back-channel logout reach services on private or loopback addresses (docs/sso.md)',
    expected: 'true or false',
    schema: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  },
  {
    name: 'WEBHOOK_PRIVATE_TARGETS',
    default: 'false',
    meaning:
      'true lets webhooks post over http and to private or loopback addresses (docs/webhooks.md)',
    expected: 'true or false',
    schema: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  },
  {
    name: 'AUDIT_RETENTION_DAYS',
    default: '365',
    meaning: 'audit events (Logs) older than this many days are purged, at start and hourly',
    ...integer(1, 36500),
  },
  {
    name: 'PGLITE_SHARED_BUFFERS_MB',
    default: '16',
    meaning:
      "the embedded database's buffer cache in MB (PGlite only); it stays in the process's memory once filled",
    ...integer(16, 4096),
  },
]
