import type { Collection } from '../../../schema/sync'
import type { Db } from '../../db/types'
import type { Viewer } from '../../domain/user-visibility'
import {
  readAttributeKeyAssociations,
  readAttributeKeyConditions,
  readAttributeKeyOptions,
  readAttributeKeys,
} from './attributes'
import { readServiceAssignments, readServices, readSessions, readUsers } from './identity'
import type { Change, ChangeWindow } from './window'

export interface SyncSource {
  /** The changes in the window, those of rows `viewer` may not see marked hidden. */
  read(db: Db, window: ChangeWindow, viewer: Viewer): Promise<Change<object>[]>
}

/**
 * How each synced collection's rows are read in change order. Who may read which collection is a
 * rule of its own (domain/collection-access.ts), and so is whose rows (domain/user-visibility.ts).
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
