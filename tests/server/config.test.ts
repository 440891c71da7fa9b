import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFIG_VARIABLES } from '../../server/config-variables'
import { ConfigError, loadConfig } from '../../server/config'

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      dataDir: path.resolve('./data'),
      adminEmail: 'admin@example.com',
      passwordMaxAgeDays: 90,
      lockoutThreshold: 10,
      lockoutWaitMinutes: 5,
      lockoutPermanentAfter: 0,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      throttleMaxFailures: 20,
      throttleWindowSeconds: 300,
      auditRetentionDays: 365,
    })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.adminPassword).toBeUndefined()
  })

  it('derives PUBLIC_URL from PORT and lowercases ADMIN_EMAIL', () => {
    const config = loadConfig({ PORT: '9090', ADMIN_EMAIL: 'Boss@Example.COM' })
    expect(config.publicUrl).toBe('http://localhost:9090')
    expect(config.adminEmail).toBe('boss@example.com')
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 1 to 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'PORT must be an integer'],
    [
      { PUBLIC_URL: 'localhost:8080' },
      'PUBLIC_URL must be a URL starting with http:// or https://',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres://'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL must be an email address (got "not-an-email")'],
    [{ LOCKOUT_THRESHOLD: '0' }, 'LOCKOUT_THRESHOLD must be an integer from 1 to 1000 (got "0")'],
    [{ LOCKOUT_WAIT_MINUTES: '0' }, 'LOCKOUT_WAIT_MINUTES must be an integer from 1 to 1440'],
    [{ LOCKOUT_PERMANENT_AFTER: '-1' }, 'LOCKOUT_PERMANENT_AFTER must be an integer from 0 to 100'],
    [{ SESSION_IDLE_MINUTES: 'soon' }, 'SESSION_IDLE_MINUTES must be an integer'],
    [{ THROTTLE_WINDOW_SECONDS: '-5' }, 'THROTTLE_WINDOW_SECONDS must be an integer'],
    [{ SMS_WEBHOOK_URL: 'ftp://sms' }, 'SMS_WEBHOOK_URL must be a URL starting with http://'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('says which rules a weak ADMIN_PASSWORD breaks without echoing it', () => {
    let error: unknown
    try {
      loadConfig({ ADMIN_PASSWORD: 'hunter22' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect(String(error)).toContain(
      'ADMIN_PASSWORD must be a password that meets the password policy',
    )
    expect(String(error)).toContain('an uppercase letter')
    expect(String(error)).not.toContain('hunter22')
  })

  it('exports the variable table with a default and a meaning for each', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name)
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'THROTTLE_MAX_FAILURES']),
    )
    for (const variable of CONFIG_VARIABLES) expect(variable.meaning.length).toBeGreaterThan(5)
  })
})

describe('operations variables', () => {
  const base = { DATA_DIR: '/tmp/gatehouse-config-test' }
  it('metrics are off, logs at info, by default', () => {
    const config = loadConfig(base)
    expect(config).toMatchObject({ metricsEnabled: false, logLevel: 'info' })
    expect(config.metricsPort).toBeUndefined()
  })

  it('reads METRICS_ENABLED, METRICS_PORT and LOG_LEVEL', () => {
    expect(
      loadConfig({ ...base, METRICS_ENABLED: 'true', METRICS_PORT: '9464', LOG_LEVEL: 'debug' }),
    ).toMatchObject({ metricsEnabled: true, metricsPort: 9464, logLevel: 'debug' })
  })

  it.each([
    [{ METRICS_ENABLED: 'yes' }, 'METRICS_ENABLED must be true or false (got "yes")'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT must be an integer from 1 to 65535'],
    [{ METRICS_PORT: '8080' }, 'METRICS_PORT must differ from PORT (both 8080)'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace'],
  ])('refuses %j clearly', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message)
  })
})
