import type { Permission } from '../../../schema/permissions'
import type { Collection } from '../../../schema/sync'
import type { Db } from '../../db/types'
import {
  readAttributeKeyAssociations,
  readAttributeKeyConditions,
  readAttributeKeyOptions,
  readAttributeKeys,
} from './attributes'
import { readServiceAssignments, readServices, readSessions, readUsers } from './identity'
import type { Change, ChangeWindow } from './window'

export interface SyncSource {
  /** What a caller needs to read the collection at all. */
  permission: Permission
  read(db: Db, window: ChangeWindow): Promise<Change<object>[]>
}

/** Each synced collection: who may read it and how its rows are read in change order. */
export const syncSources: Record<Collection, SyncSource> = {
  services: { permission: 'services.read', read: readServices },
  serviceAssignments: { permission: 'services.read', read: readServiceAssignments },
  sessions: { permission: 'sessions.read', read: readSessions },
  users: { permission: 'users.read', read: readUsers },
  attributeKeys: { permission: 'attributes.read', read: readAttributeKeys },
  attributeKeyAssociations: { permission: 'attributes.read', read: readAttributeKeyAssociations },
  attributeKeyOptions: { permission: 'attributes.read', read: readAttributeKeyOptions },
  attributeKeyConditions: { permission: 'attributes.read', read: readAttributeKeyConditions },
}

/** The collections a holder of these permissions may read (the change feed filters by it). */
export const readableCollections = (permissions: readonly Permission[]): Set<Collection> =>
  new Set(
    (Object.keys(syncSources) as Collection[]).filter((collection) =>
      permissions.includes(syncSources[collection].permission),
    ),
  )
