import type { ActorRef, Snapshot } from 'xstate'
import type { TreeData } from '../../../data/db/attributeTree'

/** Which key dialog is open: the trunk or branch name dialog, or the leaf AttributeKey dialog. */
export type KeyDialog = {
  kind: 'trunk' | 'branch' | 'leaf'
  /** The key edited; null for a new key, linked under `parentId` once saved. */
  keyId: string | null
  parentId: string | null
}

export type TreeContext = {
  data: TreeData
  /** The associations a live condition includes (marked in the tree). */
  conditioned: string[]
  expanded: string[]
  selectedId: string | null
  focusedId: string | null
  dialog: KeyDialog | null
  /** The item a Demo, Conditional or Remove Link is about; Add Existing's parent (null: top). */
  targetId: string | null
  /** The order a reorder asks for. */
  order: { parentId: string; ids: string[] } | null
  /** Why the last link or reorder failed (notified). */
  error: string | null
}

/**
 * What the tree's dialogs and the transfer tell the tree (SPEC.md §4 'Attribute editor'): a key
 * saved (a new one is linked next), a dialog closed unsaved, an imported root to select.
 */
export type TreeReport =
  | { type: 'tree.keySaved'; keyId: string }
  | { type: 'tree.closeDialog' }
  | { type: 'tree.select'; id: string }

/**
 * The tree statechart as its dialogs see it: where they report. A dialog's actor is a child of the
 * session (kit/views/actors/useScreenActor.ts), not of the tree, so it is given this ref as input and
 * tells the tree itself, with no view in between.
 */
export type TreeRef = ActorRef<Snapshot<unknown>, TreeReport>

export type TreeEvent =
  | { type: 'tree.restored'; expanded: string[] }
  | { type: 'tree.loaded'; data: TreeData }
  | { type: 'tree.conditioned'; ids: string[] }
  | { type: 'tree.failed'; error: unknown }
  | { type: 'tree.toggle'; id: string }
  | { type: 'tree.expand'; id: string }
  | { type: 'tree.collapse'; id: string }
  | { type: 'tree.focus'; id: string }
  | { type: 'tree.newTrunk' }
  | { type: 'tree.newBranch'; parentId: string }
  | { type: 'tree.newLeaf'; parentId: string }
  | { type: 'tree.edit'; id: string }
  | { type: 'tree.demo'; id: string }
  | { type: 'tree.conditional'; id: string }
  | { type: 'tree.addExisting'; parentId: string | null }
  | { type: 'tree.removeLink'; id: string }
  | { type: 'tree.move'; id: string; offset: -1 | 1 }
  | { type: 'tree.drop'; id: string; overId: string }
  | TreeReport
