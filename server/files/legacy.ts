import { readFile, readdir, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../db/types'
import { insertStoredFile } from '../repos/stored-files'
import { WEBP, isFileRef } from './store'

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

/**
 * Versions before the database storage kept images as DATA_DIR/files/<kind>/<name>.webp. At
 * start, every such file is copied into `stored_files` (a key already there is kept, so a run cut
 * short is simply run again), and then the folder is renamed `files.imported`, so later starts
 * skip it; the operator may delete that folder. Each file keeps its time as its creation time, so
 * the sweep (plugins/files.ts) deletes the ones no row names. Answers how many were imported.
 */
export async function importLegacyFiles(dataDir: string, db: Db): Promise<number> {
  const root = path.join(dataDir, 'files')
  let kinds: string[]
  try {
    kinds = await readdir(root)
  } catch (error) {
    if (isMissing(error)) return 0
    throw error
  }
  let count = 0
  for (const kind of kinds) {
    let names: string[]
    try {
      names = await readdir(path.join(root, kind))
    } catch (error) {
      // A stray file, or another process sharing this DATA_DIR moved the folder away.
      if (isMissing(error)) continue
      throw error
    }
    for (const file of names) {
      const name = file.endsWith('.webp') ? file.slice(0, -'.webp'.length) : ''
      if (!isFileRef(kind, name)) continue
      const source = path.join(root, kind, file)
      try {
        const [data, info] = await Promise.all([readFile(source), stat(source)])
        await insertStoredFile(db, {
          key: `${kind}/${name}`,
          contentType: WEBP,
          data,
          createdAt: info.mtime,
        })
        count += 1
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    }
  }
  await moveAside(root)
  return count
}

async function moveAside(root: string) {
  for (const target of [`${root}.imported`, `${root}.imported-${Date.now()}`]) {
    try {
      await rename(root, target)
      return
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Gone: another process sharing this DATA_DIR moved it first.
      if (code === 'ENOENT') return
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
    }
  }
}
