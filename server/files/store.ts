import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { type FileHandle, mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { FILE_URL_SECONDS } from '../../schema/files'
import type { Db } from '../db/types'
import { serverSecret } from '../repos/server-secrets'

const KEY_NAME = 'file-url-key'
const KIND = /^[a-z][a-z0-9-]{0,31}$/
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** Stored images (DATA_DIR/files/<kind>/<name>.webp) and the signed links they are read through. */
export interface FileStore {
  /** Writes the file whole or not at all (temporary file, then rename). */
  save(kind: string, name: string, data: Buffer): Promise<void>
  /** Removes the file; nothing happens when it is already gone. */
  remove(kind: string, name: string): Promise<void>
  /** A relative URL that reads the file without a session for FILE_URL_SECONDS. */
  signedUrl(kind: string, name: string, now?: Date): Promise<string>
  /** True when the signature is this server's for this file and has not expired. */
  verify(
    kind: string,
    name: string,
    expires: number,
    signature: string,
    now?: Date,
  ): Promise<boolean>
  /** The open file, or undefined when there is none. */
  open(kind: string, name: string): Promise<FileHandle | undefined>
}

/** Kind and name reach the file system, so only these shapes can (no dots, no slashes). */
export const isFileRef = (kind: string, name: string) => KIND.test(kind) && NAME.test(name)

/**
 * File storage under DATA_DIR/files. Several processes sharing one PostgreSQL must share DATA_DIR
 * too; the signing key lives in the database, so a URL one process signs, another accepts.
 */
export function fileStore(dataDir: string, db: Db): FileStore {
  const root = path.join(dataDir, 'files')
  const fileOf = (kind: string, name: string) => {
    if (!isFileRef(kind, name)) throw new Error(`not a stored file: ${kind}/${name}`)
    return path.join(root, kind, `${name}.webp`)
  }
  let key: Promise<Buffer> | undefined
  const signingKey = () => {
    key ??= serverSecret(db, KEY_NAME).then(
      (value) => Buffer.from(value, 'base64url'),
      (error: unknown) => {
        key = undefined
        throw error
      },
    )
    return key
  }
  const sign = async (kind: string, name: string, expires: number) =>
    createHmac('sha256', await signingKey())
      .update(`${kind}/${name}\n${expires}`)
      .digest()

  return {
    async save(kind, name, data) {
      const file = fileOf(kind, name)
      await mkdir(path.dirname(file), { recursive: true })
      // Same folder as the target, so the rename is atomic: a reader sees the old file or the new.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await writeFile(temporary, data, { mode: 0o600 })
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async remove(kind, name) {
      await rm(fileOf(kind, name), { force: true })
    },
    async signedUrl(kind, name, now = new Date()) {
      fileOf(kind, name)
      const expires = Math.floor(now.getTime() / 1000) + FILE_URL_SECONDS
      const signature = (await sign(kind, name, expires)).toString('base64url')
      return `/v1/files/${kind}/${name}?expires=${expires}&signature=${signature}`
    },
    async verify(kind, name, expires, signature, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000)
      // No link outlives FILE_URL_SECONDS (plus a minute of clock skew between processes).
      if (!isFileRef(kind, name) || expires <= seconds || expires > seconds + FILE_URL_SECONDS + 60)
        return false
      const expected = Buffer.from((await sign(kind, name, expires)).toString('base64url'))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
    async open(kind, name) {
      try {
        return await open(fileOf(kind, name), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
  }
}
