import { and, eq, lt, sql } from 'drizzle-orm'
import { attributeKeyOptions, attributeKeys } from '../db/schema/attributes'
import { services } from '../db/schema/services'
import { storedFiles } from '../db/schema/stored-files'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

/** Adds the file; a file of that key already there is kept (a name is never reused). */
export async function insertStoredFile(
  db: Db,
  file: { key: string; contentType: string; data: Buffer; createdAt: Date },
): Promise<void> {
  await db.insert(storedFiles).values(file).onConflictDoNothing({ target: storedFiles.key })
}

export async function findStoredFile(db: Db, key: string) {
  const [row] = await db
    .select({ contentType: storedFiles.contentType, data: storedFiles.data })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
  return row
}

/** True when the file is there, without reading its bytes. */
export async function storedFileExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
  return row !== undefined
}

export async function deleteStoredFile(db: Db, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.key, key))
}

/**
 * Deletes the files older than `before` that no row names: a visage no user has, a logo size of a
 * reference no service has, an attribute image no key or option (deleted or not) has. These are
 * uploads never saved on a key, and leftovers of older versions; what a replaced or removed image
 * leaves is deleted with the change itself. Answers how many went.
 */
export async function deleteUnreferencedFiles(db: Db, before: Date): Promise<number> {
  const named = sql`(
    (${storedFiles.key} like 'visage/%' and exists (
      select 1 from ${users} where 'visage/' || ${users.visage} = ${storedFiles.key}))
    or (${storedFiles.key} like 'logo/%' and exists (
      select 1 from ${services}
      where ${services.logo} = substring(${storedFiles.key} from '^logo/(.*)-(?:small|medium|large)$')))
    or (${storedFiles.key} like 'attributes/%' and (
      exists (select 1 from ${attributeKeys} where ${attributeKeys.imagePath} = ${storedFiles.key})
      or exists (
        select 1 from ${attributeKeyOptions}
        where ${attributeKeyOptions.imagePath} = ${storedFiles.key})))
    or ${storedFiles.key} not similar to '(visage|logo|attributes)/%'
  )`
  const gone = await db
    .delete(storedFiles)
    .where(and(lt(storedFiles.createdAt, before), sql`not ${named}`))
    .returning({ key: storedFiles.key })
  return gone.length
}

/** True when a key or an option (deleted or not: either may be restored) names the image path. */
export async function imagePathInUse(db: Db, path: string): Promise<boolean> {
  const keys = await db
    .select({ id: attributeKeys.id })
    .from(attributeKeys)
    .where(eq(attributeKeys.imagePath, path))
    .limit(1)
  if (keys.length > 0) return true
  const options = await db
    .select({ id: attributeKeyOptions.id })
    .from(attributeKeyOptions)
    .where(eq(attributeKeyOptions.imagePath, path))
    .limit(1)
  return options.length > 0
}
