import type { TreeNode } from './attributeTree.rows'

/*
 * The attribute tree's WAI-ARIA keyboard and its open items: which row a key focuses, and which
 * items are open after one is toggled, opened or closed.
 */

export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End'
export const TREE_KEYS: readonly string[] = [
  'ArrowDown',
  'ArrowUp',
  'ArrowRight',
  'ArrowLeft',
  'Home',
  'End',
]

/** What a key does in the WAI-ARIA tree pattern: focus another row, or open/close this one. */
export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | null

/**
 * WAI-ARIA tree keyboard: Down/Up to the next/previous visible row, Right opens a closed parent or
 * goes to its first child, Left closes an open parent or goes to the parent, Home/End to the
 * first/last visible row.
 */
export function treeKeyMove(
  rows: readonly TreeNode[],
  expanded: readonly string[],
  focusedId: string,
  key: TreeKey,
): TreeMove {
  const at = rows.findIndex((row) => row.id === focusedId)
  const row = rows[at]
  if (!row) return rows[0] ? { focus: rows[0].id } : null
  const open = row.hasChildren && expanded.includes(row.id)
  const focus = (target: TreeNode | undefined) => (target ? { focus: target.id } : null)
  switch (key) {
    case 'ArrowDown':
      return focus(rows[at + 1])
    case 'ArrowUp':
      return focus(rows[at - 1])
    case 'Home':
      return focus(rows[0])
    case 'End':
      return focus(rows.at(-1))
    case 'ArrowRight':
      if (!row.hasChildren) return null
      return open ? focus(rows[at + 1]) : { expand: row.id }
    case 'ArrowLeft':
      if (open) return { collapse: row.id }
      return row.parentId ? { focus: row.parentId } : null
  }
}

/** The open items after `id` is toggled, opened (Right arrow) or closed (Left arrow). */
export function toggled(
  expanded: readonly string[],
  id: string,
  how: 'toggle' | 'expand' | 'collapse',
): string[] {
  const open = expanded.includes(id)
  if (how === 'expand' || (how === 'toggle' && !open)) return [...new Set([...expanded, id])]
  return expanded.filter((item) => item !== id)
}
