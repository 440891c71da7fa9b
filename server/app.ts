import fastifyCookie from '@fastify/cookie'
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { App } from './app-types'
import type { Config } from './config'
import type { Database } from './db/types'
import auditRetentionPlugin from './plugins/audit-retention'
import pgliteMaintenancePlugin from './plugins/pglite-maintenance'
import changeFeedPlugin from './plugins/change-feed'
import clientPlugin from './plugins/client'
import dbPlugin from './plugins/db'
import errorsPlugin from './plugins/errors'
import eventStreamsPlugin from './plugins/event-streams'
import filesPlugin from './plugins/files'
import healthPlugin from './plugins/health'
import jsonBodyPlugin from './plugins/json-body'
import metricsPlugin from './plugins/metrics'
import openapiPlugin from './plugins/openapi'
import oidcPlugin from './plugins/oidc'
import originCheckPlugin from './plugins/origin-check'
import requestIdPlugin from './plugins/request-id'
import requestLinePlugin from './plugins/request-line'
import outboxPlugin from './plugins/outbox'
import requestTextPlugin from './plugins/request-text'
import routeTablePlugin from './plugins/route-table'
import securityHeadersPlugin from './plugins/security-headers'
import sessionGuardPlugin from './plugins/session-guard'
import sessionPurgePlugin from './plugins/session-purge'
import staticConsolePlugin from './plugins/static-console'
import accessRoutes from './routes/access/index'
import attributeRoutes from './routes/attributes/index'
import dashboardRoutes from './routes/dashboard/index'
import eventRoutes from './routes/events/index'
import fileRoutes from './routes/files/index'
import factorRoutes from './routes/factors/index'
import loginRoutes from './routes/login/index'
import mfaPolicyRoutes from './routes/mfa-policy/index'
import logsRoutes from './routes/logs/index'
import logoutRoutes from './routes/logout/index'
import oidcRoutes from './routes/oidc/index'
import passwordResetRoutes from './routes/password-reset/index'
import passkeyRoutes from './routes/passkeys/index'
import queueRoutes from './routes/queue/index'
import webhookRoutes from './routes/webhooks/index'
import selfRoutes from './routes/self/index'
import serviceRoutes from './routes/services/index'
import scimRoutes from './routes/scim/index'
import sessionRoutes from './routes/sessions/index'
import syncRoutes from './routes/sync/index'
import userRoutes from './routes/user/index'
import usersRoutes from './routes/users/index'
import visageRoutes from './routes/visage/index'
import { type AdminBootstrap, ensureAdministrator } from './use-cases/first-administrator'
import { clientErrorHandler, frameworkErrors, MAX_HEADER_BYTES } from './http-failures'
import { validationMessage } from './validation-message'
import { loggerOptions, requestId } from './logging'

export interface BuildOptions {
  config: Config
  /** An open database to use (tests, scripts); by default the app opens the configured one. */
  database?: Database
  /** Fastify's logger option: false for silence, true or an object for pino. */
  logger?: FastifyServerOptions['logger']
  /** Where the log transport and start-up notices print; stdout by default. */
  print?: (text: string) => void
  /** The built console to serve; dist/console by default. */
  consoleDir?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the first start did (administrator created or not). */
    adminBootstrap: AdminBootstrap
  }
}

// JSON API bodies are small; routes that take files raise their own limit.
const BODY_LIMIT = 64 * 1024

/** Builds the Gatehouse app (not listening). Close it to stop timers and release the database. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const print = options.print ?? ((text: string) => void process.stdout.write(text))
  const app = Fastify({
    // Any logger the caller asks for gets the redaction and the request serializer (logging.ts).
    logger: options.logger
      ? loggerOptions(options.config.logLevel, options.logger === true ? {} : options.logger)
      : false,
    genReqId: requestId,
    // Opening the database runs its migrations, which on a busy machine or a large database take
    // longer than Fastify's default 10 s per plugin; readiness (/readyz) tells when it is done.
    pluginTimeout: 120_000,
    bodyLimit: BODY_LIMIT,
    // An email address is a path segment of POST /v1/passwordReset/:email and may be 254 long.
    routerOptions: { maxParamLength: 256 },
    schemaErrorFormatter: (errors, dataVar) => new Error(validationMessage(errors, dataVar)),
    // Answers Fastify and Node give before any route runs are the envelope too.
    frameworkErrors,
    clientErrorHandler,
    // plugins/request-line.ts refuses HTTP/1.1 without Host itself, in the envelope.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
  })
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>()

  await app.register(routeTablePlugin)
  await app.register(requestIdPlugin)
  await app.register(dbPlugin, { config: options.config, database: options.database })
  await app.register(errorsPlugin)
  await app.register(requestLinePlugin)
  await app.register(openapiPlugin)
  await app.register(healthPlugin)
  await app.register(metricsPlugin)
  await app.register(jsonBodyPlugin)
  await app.register(requestTextPlugin)
  await app.register(securityHeadersPlugin)
  await app.register(originCheckPlugin)
  await app.register(fastifyCookie)
  await app.register(sessionGuardPlugin)
  await app.register(clientPlugin)
  await app.register(outboxPlugin, { print })
  await app.register(changeFeedPlugin)
  await app.register(eventStreamsPlugin)
  await app.register(sessionPurgePlugin)
  await app.register(auditRetentionPlugin)
  await app.register(pgliteMaintenancePlugin)
  await app.register(loginRoutes)
  await app.register(logoutRoutes)
  await app.register(passwordResetRoutes)
  await app.register(passkeyRoutes)
  await app.register(selfRoutes)
  await app.register(factorRoutes)
  await app.register(mfaPolicyRoutes)
  await app.register(userRoutes)
  await app.register(usersRoutes)
  await app.register(accessRoutes)
  await app.register(filesPlugin)
  await app.register(fileRoutes)
  await app.register(visageRoutes)
  await app.register(serviceRoutes)
  await app.register(attributeRoutes)
  await app.register(syncRoutes)
  await app.register(sessionRoutes)
  await app.register(eventRoutes)
  await app.register(oidcPlugin, { consoleDir: options.consoleDir })
  await app.register(oidcRoutes)
  await app.register(logsRoutes)
  await app.register(queueRoutes)
  await app.register(webhookRoutes)
  await app.register(dashboardRoutes)
  await app.register(scimRoutes, { prefix: '/scim/v2' })
  await app.register(staticConsolePlugin, { consoleDir: options.consoleDir })

  const bootstrap = await ensureAdministrator(app.db, app.config)
  app.decorate('adminBootstrap', { getter: () => bootstrap })
  return app
}
