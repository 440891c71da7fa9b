import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { fromPglite } from '../../server/db/database'
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../server/db/migrate'

/**
 * A fresh in-memory PGlite takes seconds to initdb; loading a dump of one that is already migrated
 * takes about one. The dump is cached in the temp directory under a hash of the migrations and the
 * PGlite version, so a changed schema makes a new one.
 */
function templateFile(): string {
  const hash = createHash('sha256')
  hash.update(
    String(
      (
        JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as {
          version: string
        }
      ).version,
    ),
  )
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_FOLDER, name)
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(file))
  }
  return path.join(tmpdir(), `gatehouse-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
}

async function writeTemplate(file: string) {
  const client = new PGlite()
  await migrateDatabase(fromPglite(client))
  const dump = await client.dumpDataDir('none')
  await client.close()
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
}

/** An in-memory PGlite with every migration applied. */
export async function migratedPglite(): Promise<PGlite> {
  const file = templateFile()
  if (!existsSync(file)) await writeTemplate(file)
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) })
  await client.waitReady
  return client
}
