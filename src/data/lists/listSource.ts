import { identityDb } from '../db/identity'
import type { ListType } from './listTypes'
import type { ListTable } from './readPage'

/** The cached table each list reads. */
export function listTable(type: ListType): ListTable {
  const db = identityDb()
  if (type === 'users') return db.users as unknown as ListTable
  // Services carry lists (redirect URIs) that the list pages neither sort nor filter by.
  return type === 'sessions' ? db.sessions : (db.services as unknown as ListTable)
}
