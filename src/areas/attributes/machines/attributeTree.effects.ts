import { liveQuery } from 'dexie'
import { fromCallback, fromPromise } from 'xstate'
import type { AttributeKeyAssociation } from '../../../../schema/attributes'
import { attributeServer, type AttributeServer } from '../../../data/api/attributes'
import { attributesDb } from '../../../data/db/attributes'
import { linkKey, reorderLinks, watchAttributeTree } from '../../../data/db/attributeTree'
import { readOpenItems } from '../../../data/prefs/treeOpen'
import type { TreeEvent } from './attributeTree.types'

/** Sends 'tree.loaded' with the cached tree now and after every change. */
const watchTree = fromCallback<TreeEvent>(({ sendBack }) =>
  watchAttributeTree({
    next: (data) => sendBack({ type: 'tree.loaded', data }),
    error: (error) => sendBack({ type: 'tree.failed', error }),
  }),
)

/**
 * Sends 'tree.conditioned' with the associations a live condition includes, now and after every
 * change: the tree marks them. A failed read leaves the marks as they were (the tree's own watch
 * says when the cache is unreadable).
 */
const watchConditions = fromCallback<TreeEvent>(({ sendBack }) => {
  const subscription = liveQuery(() =>
    attributesDb()
      .attributeKeyConditions.filter((condition) => !condition.deleted)
      .toArray(),
  ).subscribe({
    next: (conditions) =>
      sendBack({
        type: 'tree.conditioned',
        ids: [...new Set(conditions.map((condition) => condition.conditionalAssociationId))],
      }),
    error: () => undefined,
  })
  return () => subscription.unsubscribe()
})

/** Sends 'tree.restored' at once with the items left open earlier in this browser session. */
const restoreOpen = fromCallback<TreeEvent>(({ sendBack }) => {
  sendBack({ type: 'tree.restored', expanded: readOpenItems() })
})

/**
 * The tree's effects: the cache watch, the restored open items, and the server changes asking
 * `server` (a test builds them on a stub; the cache writes stay real).
 */
export const attributeTreeActors = (server: AttributeServer = attributeServer) => ({
  watchTree,
  watchConditions,
  restoreOpen,
  linkKey: fromPromise<AttributeKeyAssociation, { keyId: string; parentId: string | null }>(
    ({ input, signal }) =>
      linkKey(
        { attributeKeyId: input.keyId, parentAssociationId: input.parentId },
        { signal, server },
      ),
  ),
  reorderLinks: fromPromise<AttributeKeyAssociation[], { parentId: string; ids: string[] }>(
    ({ input, signal }) =>
      reorderLinks({ parentAssociationId: input.parentId, ids: input.ids }, { signal, server }),
  ),
})
