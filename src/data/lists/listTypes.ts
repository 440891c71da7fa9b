/** The lists that read from the cache with keyset paging (SPEC.md §2 Sessions, Services; Users). */
export const ListTypes = ['sessions', 'services', 'users'] as const
export type ListType = (typeof ListTypes)[number]

export type SortDirection = 'asc' | 'desc'

type ListConfig = {
  /** Sortable fields; each has a `[field+id]` index in the identity cache. */
  sortFields: readonly string[]
  defaultSort: { field: string; direction: SortDirection }
  /** The texts a search looks in, as a case-insensitive substring. */
  searchable: (row: Record<string, unknown>) => unknown[]
  /** Whether rows carry `deleted` and are hidden unless Show Deleted is on. */
  softDeletes: boolean
  /** A search of its own, in place of the substring test over `searchable` (text is lower case). */
  search?: (row: Record<string, unknown>, text: string) => boolean
  /** Rows per IndexedDB read when a search scans the table: smaller reads, shorter tasks. */
  scanChunk?: number
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The Users search (docs/console-users.md): the name as 'first last' or 'last, first', the email,
 * the phone by its digits (when the text is a phone number's), and the id exact or by its start.
 */
export function searchUser(row: Record<string, unknown>, text: string): boolean {
  const first = str(row.nameFirst).toLowerCase()
  const last = str(row.nameLast).toLowerCase()
  if (`${first} ${last}`.includes(text) || `${last}, ${first}`.includes(text)) return true
  if (str(row.email).toLowerCase().includes(text)) return true
  if (str(row.id).startsWith(text)) return true
  const digits = text.replace(/\D/g, '')
  return digits.length > 0 && /^[\d\s()+.-]+$/.test(text) && str(row.phone).includes(digits)
}

/** SPEC.md §9: default sorts; §2: sessions are searched by user name and ip, services by name. */
export const LIST_CONFIG: Record<ListType, ListConfig> = {
  sessions: {
    sortFields: ['expires'],
    defaultSort: { field: 'expires', direction: 'desc' },
    // The user's full name, so that 'ada love' finds Ada Lovelace.
    searchable: (row) => [`${String(row.nameFirst)} ${String(row.nameLast)}`, row.ip],
    softDeletes: false,
  },
  services: {
    sortFields: ['createdAt', 'name', 'updatedAt'],
    defaultSort: { field: 'createdAt', direction: 'desc' },
    searchable: (row) => [row.name],
    softDeletes: true,
  },
  // sortName and sortLastLogin are the cache's derived keys (src/data/db/identity.ts).
  users: {
    sortFields: ['sortName', 'sortLastLogin', 'createdAt'],
    defaultSort: { field: 'sortName', direction: 'asc' },
    searchable: (row) => [row.nameFirst, row.nameLast, row.email, row.phone, row.id],
    search: searchUser,
    softDeletes: false,
    scanChunk: 2_000,
  },
}

/** SPEC.md §9: rows per page read. */
export const PAGE_SIZE = 50
