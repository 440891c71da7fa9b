import path from 'node:path'
import Type, { type Static } from 'typebox'
import { Value } from 'typebox/value'
import { CONFIG_VARIABLES, type ConfigVariable } from './config-variables'

/** The validated configuration the server runs with. */
export const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  /** Origin without a trailing slash, e.g. https://sso.example.com */
  publicUrl: Type.String({ minLength: 1 }),
  dataDir: Type.String({ minLength: 1 }),
  databaseUrl: Type.Optional(Type.String()),
  adminEmail: Type.String(),
  adminPassword: Type.Optional(Type.String()),
  smtpUrl: Type.Optional(Type.String()),
  mailFrom: Type.String(),
  smsWebhookUrl: Type.Optional(Type.String()),
  passwordMaxAgeDays: Type.Integer({ minimum: 1 }),
  lockoutThreshold: Type.Integer({ minimum: 1 }),
  lockoutWaitMinutes: Type.Integer({ minimum: 1 }),
  lockoutPermanentAfter: Type.Integer({ minimum: 0 }),
  sessionIdleMinutes: Type.Integer({ minimum: 1 }),
  sessionMaxHours: Type.Integer({ minimum: 1 }),
  throttleMaxFailures: Type.Integer({ minimum: 1 }),
  throttleWindowSeconds: Type.Integer({ minimum: 1 }),
  logLevel: Type.String({ minLength: 1 }),
  metricsEnabled: Type.Boolean(),
  metricsPort: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  /** Back-channel logout may post to private and loopback addresses (docs/sso.md). */
  oidcPrivateBackchannel: Type.Optional(Type.Boolean()),
  /** Webhooks may post over http and to private and loopback addresses (docs/webhooks.md). */
  webhookPrivateTargets: Type.Optional(Type.Boolean()),
  auditRetentionDays: Type.Integer({ minimum: 1 }),
  pgliteSharedBuffersMb: Type.Integer({ minimum: 16 }),
})
export type Config = Static<typeof ConfigSchema>

/** A configuration problem; the message names the variable and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

function readVariable(variable: ConfigVariable, env: Env): string | number | undefined {
  const given = env[variable.name]?.trim()
  const raw = given === undefined || given === '' ? variable.default : given
  if (raw === undefined) return undefined
  const text = raw.replace('$PORT', env.PORT?.trim() || '8080')
  const value = variable.integer && /^-?\d+$/.test(text) ? Number(text) : text
  const reason = Value.Check(variable.schema, value) ? variable.refine?.(text) : 'invalid'
  if (reason === undefined) return value
  const got = variable.secret ? reason : `got ${JSON.stringify(text)}`
  throw new ConfigError(`${variable.name} must be ${variable.expected} (${got})`)
}

/**
 * Reads and checks the environment (DESIGN.md §3). Throws a ConfigError naming the first bad
 * variable, so that a wrong value stops the start instead of surfacing later.
 */
export function loadConfig(env: Env = process.env): Config {
  const values = new Map(CONFIG_VARIABLES.map((v) => [v.name, readVariable(v, env)]))
  const text = (name: string) => values.get(name) as string
  const optional = (name: string) => values.get(name) as string | undefined
  const int = (name: string) => values.get(name) as number
  const config: Config = {
    port: int('PORT'),
    host: text('HOST'),
    publicUrl: new URL(text('PUBLIC_URL')).origin,
    dataDir: path.resolve(text('DATA_DIR')),
    databaseUrl: optional('DATABASE_URL'),
    adminEmail: text('ADMIN_EMAIL').toLowerCase(),
    adminPassword: optional('ADMIN_PASSWORD'),
    smtpUrl: optional('SMTP_URL'),
    mailFrom: text('MAIL_FROM'),
    smsWebhookUrl: optional('SMS_WEBHOOK_URL'),
    passwordMaxAgeDays: int('PASSWORD_MAX_AGE_DAYS'),
    lockoutThreshold: int('LOCKOUT_THRESHOLD'),
    lockoutWaitMinutes: int('LOCKOUT_WAIT_MINUTES'),
    lockoutPermanentAfter: int('LOCKOUT_PERMANENT_AFTER'),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES'),
    sessionMaxHours: int('SESSION_MAX_HOURS'),
    throttleMaxFailures: int('THROTTLE_MAX_FAILURES'),
    throttleWindowSeconds: int('THROTTLE_WINDOW_SECONDS'),
    logLevel: text('LOG_LEVEL'),
    metricsEnabled: text('METRICS_ENABLED') === 'true',
    metricsPort: values.get('METRICS_PORT') as number | undefined,
    oidcPrivateBackchannel: text('OIDC_PRIVATE_BACKCHANNEL') === 'true',
    webhookPrivateTargets: text('WEBHOOK_PRIVATE_TARGETS') === 'true',
    auditRetentionDays: int('AUDIT_RETENTION_DAYS'),
    pgliteSharedBuffersMb: int('PGLITE_SHARED_BUFFERS_MB'),
  }
  if (config.metricsPort === config.port)
    throw new ConfigError(`METRICS_PORT must differ from PORT (both ${config.port})`)
  if (!Value.Check(ConfigSchema, config)) throw new ConfigError('The configuration is not valid.')
  return config
}

/** True when cookies must be Secure and `__Host-` prefixed. */
export const isHttps = (config: Config): boolean => config.publicUrl.startsWith('https:')
