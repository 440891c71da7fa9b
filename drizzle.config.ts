import { defineConfig } from 'drizzle-kit'

/**
 * `npm run db:generate` writes a migration from the tables in server/db/schema. The server applies
 * server/db/migrations at start, on PGlite and PostgreSQL alike (docs/server-storage.md).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
})
