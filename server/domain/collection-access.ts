import type { Permission } from '../../schema/permissions'
import type { Collection } from '../../schema/sync'

/** What a caller needs to read each synced collection at all (sync and the event streams). */
export const COLLECTION_PERMISSION: Record<Collection, Permission> = {
  services: 'services.read',
  serviceAssignments: 'services.read',
  sessions: 'sessions.read',
  users: 'users.read',
  attributeKeys: 'attributes.read',
  attributeKeyAssociations: 'attributes.read',
  attributeKeyOptions: 'attributes.read',
  attributeKeyConditions: 'attributes.read',
}

export const mayRead = (permissions: readonly Permission[], collection: Collection) =>
  permissions.includes(COLLECTION_PERMISSION[collection])

/** The collections a holder of these permissions may read (the change feed filters by it). */
export const readableCollections = (permissions: readonly Permission[]): Set<Collection> =>
  new Set(
    (Object.keys(COLLECTION_PERMISSION) as Collection[]).filter((collection) =>
      mayRead(permissions, collection),
    ),
  )
