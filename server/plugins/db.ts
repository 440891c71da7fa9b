import fp from 'fastify-plugin'
import type { App } from '../app-types'
import type { Config } from '../config'
import { openDatabase } from '../db/database'
import { migrateDatabase } from '../db/migrate'
import type { Database, Db } from '../db/types'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    database: Database
  }
}

/**
 * The database for the app's lifetime. A database handed in (tests, scripts) is migrated and left
 * open for its owner; one the app opens itself is closed with it, releasing the DATA_DIR lock.
 */
export default fp(
  async (app: App, options: { config: Config; database?: Database }) => {
    const database = options.database ?? (await openDatabase(options.config))
    if (options.database) await migrateDatabase(database)
    app.decorate('config', options.config)
    app.decorate('database', database)
    app.decorate('db', database.db)
    if (!options.database) app.addHook('onClose', () => database.close())
  },
  { name: 'db' },
)
