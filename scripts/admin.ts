// `npm run admin -- unlock <email>` / `reset-password <email> [--mail]`: operator break-glass on
// the configured database (DESIGN.md §2). PGlite in DATA_DIR takes the DATA_DIR lock, so the
// server must be stopped; on PostgreSQL (DATABASE_URL) it also works while the server runs.
import { runAdmin } from './admin/run'

const code = await runAdmin(process.argv.slice(2), process.env, {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
})
process.exit(code)
