import { ancestorsOf, keyOf, type TreeData } from './attributeTree.shape'
import { shownName } from './attributeTree.messages'

/**
 * Where a key is linked, one entry per live association: the names from its trunk down to its
 * parent ('Kitchen › Doors'), or 'the top level'. An import copies keys with their names, so Add
 * Existing shows this (with the type and the creation time) to tell equal names apart.
 */
export function keyPlaces(data: TreeData, keyId: string): string[] {
  return data.links
    .filter((link) => !link.deleted && link.attributeKeyId === keyId)
    .map((link) => {
      const path = ancestorsOf(data, link.id)
      return path.length === 0
        ? 'the top level'
        : path.map((id) => shownName(keyOf(data, id)?.name)).join(' › ')
    })
    .sort((a, b) => a.localeCompare(b))
}
