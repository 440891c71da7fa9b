import { like } from 'drizzle-orm'
import { storedFiles } from '../../server/db/schema/stored-files'
import type { TestApp } from './helper'

/** The bytes of a stored file (the stored_files table), or undefined when there is none. */
export async function storedBytes(t: TestApp, kind: string, name: string) {
  return (await t.app.files.read(kind, name))?.data
}

/** The names of the stored files of one kind, sorted. */
export async function storedNames(t: TestApp, kind: string): Promise<string[]> {
  const rows = await t.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `${kind}/%`))
  return rows.map((row) => row.key.slice(kind.length + 1)).sort()
}
