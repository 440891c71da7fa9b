import type { Permission, UserType } from '../../schema/permissions'
import type { Collection } from '../../schema/sync'
import type { Topic } from '../../schema/topics'

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

/**
 * The change-feed topics a user may hear of: the outbox with the Queue (INTERNAL staff with
 * queue.read), new audit events with the Dashboard (INTERNAL, dashboard.read) or Logs (logs.read).
 */
export function readableTopics(user: { permissions: readonly Permission[]; type: UserType }) {
  const internal = user.type === 'INTERNAL'
  const may = (permission: Permission) => user.permissions.includes(permission)
  const topics = new Set<Topic>()
  if (internal && may('queue.read')) topics.add('outbox')
  if ((internal && may('dashboard.read')) || may('logs.read')) topics.add('audit')
  return topics
}
