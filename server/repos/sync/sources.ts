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
  read(db: Db, window: ChangeWindow): Promise<Change<object>[]>
}

/**
 * How each synced collection's rows are read in change order. Who may read which is a rule of its
 * own (domain/collection-access.ts).
 */
export const syncSources: Record<Collection, SyncSource> = {
  services: { read: readServices },
  serviceAssignments: { read: readServiceAssignments },
  sessions: { read: readSessions },
  users: { read: readUsers },
  attributeKeys: { read: readAttributeKeys },
  attributeKeyAssociations: { read: readAttributeKeyAssociations },
  attributeKeyOptions: { read: readAttributeKeyOptions },
  attributeKeyConditions: { read: readAttributeKeyConditions },
}
