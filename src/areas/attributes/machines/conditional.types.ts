import type { LeafContext } from '../../../data/db/attributeKeys'
import type { TreeRef } from './attributeTree.types'

/*
 * What the Conditional Attribute dialog's statechart (conditional.machine.ts) holds, hears and
 * starts from; its effects in conditional.actors.ts send the first two of its events.
 */

/** The leaf a condition belongs to, as the condition views show it. */
export type { LeafContext }

export type ConditionalContext = {
  associationId: string
  leaf: LeafContext | null
  /** The chosen values of the leaf's key. */
  values: string[]
  /** The chosen later sibling (an association id). */
  targetId: string | null
  /** The condition being removed. */
  removingId: string | null
  /** The server's refusal of the last save or removal. */
  error: string | null
  /** The tree that opened the dialog: it hears that the dialog closed. */
  tree: TreeRef
}

export type ConditionalEvent =
  | { type: 'conditional.loaded'; leaf: LeafContext }
  | { type: 'conditional.readFailed'; error: unknown }
  | { type: 'conditional.chooseValues'; values: string[] }
  | { type: 'conditional.chooseTarget'; id: string }
  | { type: 'conditional.save' }
  | { type: 'conditional.remove'; id: string }
  | { type: 'conditional.cancel' }

export type ConditionalInput = { associationId: string; tree: TreeRef }
