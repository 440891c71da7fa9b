import type { Service } from '../../../schema/service'
import type { User } from '../../../schema/user'
import { watchService } from '../db/services'
import { watchUser } from '../db/users'
import { rowFilter, type ListRow } from './filter'
import { listTable } from './listSource'
import { LIST_CONFIG } from './listTypes'
import { defaultListOptions } from './options'
import type { ListTable } from './readPage'
import { scanTop } from './scan'

/*
 * What the Logs screen's pickers read from the identity cache (docs/logs.md): the users or services
 * whose names match what was typed, and the name of the one a filter holds. Users are searched as
 * the Users list searches them, services as the Services list does (deleted ones included: their
 * events stay in the trail).
 */

/** Who or what a picker offers. */
export type PickerMatch = {
  id: string
  /** 'Ada Lovelace', or the service's name. */
  name: string
  /** The user's email, or the service's key. */
  detail: string
  deleted: boolean
}

/** The first matches in name order, and how many match in all. */
export type PickerMatches = { matches: PickerMatch[]; count: number }

export const PICKER_LIMIT = 8

type FindOptions = { signal?: AbortSignal; limit?: number; table?: ListTable }

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** A user's name as the console writes it in a sentence: 'Ada Lovelace' (the email without one). */
export function userName(user: Pick<User, 'nameFirst' | 'nameLast' | 'email'>): string {
  return `${user.nameFirst} ${user.nameLast}`.trim() || user.email
}

const userMatch = (row: ListRow): PickerMatch => ({
  id: row.id,
  name: userName({
    nameFirst: str(row.nameFirst),
    nameLast: str(row.nameLast),
    email: str(row.email),
  }),
  detail: str(row.email),
  deleted: false,
})

const serviceMatch = (row: ListRow): PickerMatch => ({
  id: row.id,
  name: str(row.name),
  detail: str(row.key),
  deleted: row.deleted === true,
})

/**
 * The users whose name ('ada love', 'lovelace, ada'), email, phone or id start matches `text`,
 * by last name then first name. One scan of the cache; an aborted `signal` stops it.
 */
export async function findUsers(
  text: string,
  { signal, limit = PICKER_LIMIT, table = listTable('users') }: FindOptions = {},
): Promise<PickerMatches> {
  const defaults = defaultListOptions('users')
  const test = rowFilter('users', { ...defaults.filters, text: text.trim() })
  if (!test) return { matches: [], count: 0 }
  const { rows, count } = await scanTop(
    table,
    test,
    defaults.sort,
    limit,
    LIST_CONFIG.users.scanChunk,
    signal,
  )
  return { matches: rows.map(userMatch), count }
}

/** The services whose name holds `text` (case ignored), deleted ones too, by name. */
export async function findServices(
  text: string,
  { signal, limit = PICKER_LIMIT, table = listTable('services') }: FindOptions = {},
): Promise<PickerMatches> {
  const defaults = defaultListOptions('services')
  const test = rowFilter('services', { ...defaults.filters, showDeleted: true, text: text.trim() })
  if (!test) return { matches: [], count: 0 }
  const sort = { field: 'name', direction: 'asc' as const }
  const { rows, count } = await scanTop(table, test, sort, limit, undefined, signal)
  return { matches: rows.map(serviceMatch), count }
}

type NameWatcher = {
  /** The name, or null when the cache has no such row (a removed user, an unsynced cache). */
  next: (name: string | null) => void
  error: (error: unknown) => void
}

/** Follows a user's name in the cache, now and after every change. Returns the stop. */
export const watchUserName = (id: string, watcher: NameWatcher) =>
  watchUser(id, {
    next: (user) => watcher.next(user ? userName(user) : null),
    error: watcher.error,
  })

/** Follows a service's name in the cache, now and after every change. Returns the stop. */
export const watchServiceName = (id: string, watcher: NameWatcher) =>
  watchService(id, {
    next: (service: Service | undefined) => watcher.next(service ? service.name : null),
    error: watcher.error,
  })
