import { createHmac, timingSafeEqual } from 'node:crypto'
import { FILE_URL_SECONDS } from '../../schema/files'
import type { Db } from '../db/types'
import { serverSecret } from '../repos/server-secrets'
import {
  deleteStoredFile,
  deleteUnreferencedFiles,
  findStoredFile,
  insertStoredFile,
  storedFileExists,
} from '../repos/stored-files'

const KEY_NAME = 'file-url-key'
const KIND = /^[a-z][a-z0-9-]{0,31}$/
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** What every stored image is: the upload re-encoded (domain/images). */
export const WEBP = 'image/webp'

/** A stored file: its bytes and what they are. */
export interface StoredFile {
  contentType: string
  data: Buffer
}

/**
 * Where the bytes of stored files live, by key (`<kind>/<name>`). The default, and the only one so
 * far, is the database (`databaseStorage`), so processes sharing DATABASE_URL share the files too.
 * `db` is the transaction to work in, so a file comes and goes with the row that names it; a
 * storage outside the database would ignore it.
 */
export interface FileStorage {
  /** Adds the file whole or not at all; a key is never reused, so one already there is kept. */
  put(key: string, file: StoredFile, db?: Db): Promise<void>
  /** The file, or undefined when there is none. */
  get(key: string, db?: Db): Promise<StoredFile | undefined>
  /** True when there is a file of that key (without reading it). */
  has(key: string, db?: Db): Promise<boolean>
  /** Removes the file; nothing happens when it is already gone. */
  delete(key: string, db?: Db): Promise<void>
  /** Deletes the files created before `before` that no row names; answers how many. */
  sweep(before: Date): Promise<number>
}

/** Files as rows of `stored_files` (bytea), in the caller's transaction when it passes one. */
export function databaseStorage(db: Db, now: () => Date = () => new Date()): FileStorage {
  return {
    put: (key, file, tx = db) => insertStoredFile(tx, { key, ...file, createdAt: now() }),
    get: (key, tx = db) => findStoredFile(tx, key),
    has: (key, tx = db) => storedFileExists(tx, key),
    delete: (key, tx = db) => deleteStoredFile(tx, key),
    sweep: (before) => deleteUnreferencedFiles(db, before),
  }
}

/** Stored images by kind and name, and the signed links they are read through. */
export interface FileStore {
  storage: FileStorage
  /** Stores the file (in `db`, a transaction, when given). */
  save(kind: string, name: string, file: StoredFile, db?: Db): Promise<void>
  /** Removes the file (in `db` when given); nothing happens when it is already gone. */
  remove(kind: string, name: string, db?: Db): Promise<void>
  /** The file, or undefined when there is none (or kind and name are not a file's). */
  read(kind: string, name: string): Promise<StoredFile | undefined>
  /** True when the file is there. */
  exists(kind: string, name: string, db?: Db): Promise<boolean>
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
}

/** Only these shapes of kind and name are files (no dots, no slashes): they make the key. */
export const isFileRef = (kind: string, name: string) => KIND.test(kind) && NAME.test(name)

/** The storage key of a file. */
export const fileKey = (kind: string, name: string) => {
  if (!isFileRef(kind, name)) throw new Error(`not a stored file: ${kind}/${name}`)
  return `${kind}/${name}`
}

/**
 * Stored files in `storage` (the database by default). The signing key lives in the database too,
 * so a URL one process signs, every other process sharing the database accepts.
 */
export function fileStore(db: Db, storage: FileStorage = databaseStorage(db)): FileStore {
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
    storage,
    save: (kind, name, file, tx) => storage.put(fileKey(kind, name), file, tx),
    remove: (kind, name, tx) => storage.delete(fileKey(kind, name), tx),
    async read(kind, name) {
      return isFileRef(kind, name) ? storage.get(fileKey(kind, name)) : undefined
    },
    async exists(kind, name, tx) {
      return isFileRef(kind, name) && storage.has(fileKey(kind, name), tx)
    },
    async signedUrl(kind, name, now = new Date()) {
      fileKey(kind, name)
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
  }
}
