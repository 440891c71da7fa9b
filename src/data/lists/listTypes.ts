/** The lists that read from the cache with keyset paging (SPEC.md §2 Sessions and Services). */
export const ListTypes = ['sessions', 'services'] as const
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
}

/** SPEC.md §9: rows per page read. */
export const PAGE_SIZE = 50
