import { identityDb } from '../db/identity'
import type { ListType } from './listTypes'
import type { ListTable } from './readPage'

/** The cached table each list reads. */
export function listTable(type: ListType): ListTable {
  const db = identityDb()
  if (type === 'users') return db.users as unknown as ListTable
  // Services and sessions carry lists (redirect URIs, the services signed into) that the list
  // pages neither sort nor filter by.
  return type === 'sessions'
    ? (db.sessions as unknown as ListTable)
    : (db.services as unknown as ListTable)
}
