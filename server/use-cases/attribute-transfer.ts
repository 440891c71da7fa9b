import { v7 as uuidv7 } from 'uuid'
import {
  type AttributeTree,
  type ExportedKey,
  type ExportedNode,
  TREE_FORMAT,
  TREE_LIMITS,
} from '../../schema/attribute-api'
import {
  ATTRIBUTE_LIMITS,
  BOOLEAN_OPTIONS,
  VALUE_SEPARATOR,
  childrenOf,
  generatedOptions,
  isContainerType,
  parseConfig,
  splitValues,
} from '../../schema/attribute-rules'
import { ApiError, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  type AssociationRow,
  findAssociation,
  insertMany,
  insertRow,
  keysByIds,
  liveConditionsOn,
  liveOptionsOf,
  liveSubtree,
} from '../repos/attributes'
import {
  type AttributeContext,
  checkImagePath,
  checkKeyShape,
  checkLength,
  noSuch,
  refuse,
} from './attribute-checks'
import { toLink } from './attribute-tree'

/**
 * `GET /v1/attributeTree/:id`: a top-level item and everything live below it as the portable
 * document of docs/attributes.md. Keys are named by a ref, so a key linked twice is written once.
 */
export async function exportTree(ctx: AttributeContext, id: string): Promise<AttributeTree> {
  const root = await findAssociation(ctx.db, id)
  if (!root) throw noSuch('attribute key association', id)
  if (root.deleted) throw refuse('Tree', 'the item is deleted')
  if (root.parentAssociationId) throw refuse('Tree', 'only a top-level item can be exported')
  const links = [root, ...(await liveSubtree(ctx.db, id))].map(toLink)
  const keyIds = [...new Set(links.map((link) => link.attributeKeyId))]
  const keys = new Map((await keysByIds(ctx.db, keyIds)).map((key) => [key.id, key]))
  const options = await liveOptionsOf(ctx.db, keyIds)
  const conditions = await liveConditionsOn(
    ctx.db,
    links.map((link) => link.id),
  )
  const refs = new Map<string, string>()
  const refOf = (keyId: string) => {
    if (!refs.has(keyId)) refs.set(keyId, `k${refs.size + 1}`)
    return refs.get(keyId)!
  }
  const node = (linkId: string, keyId: string, siblings: typeof links): ExportedNode => {
    const index = siblings.findIndex((link) => link.id === linkId)
    const includeWhen = conditions
      .filter((condition) => condition.conditionalAssociationId === linkId)
      .flatMap((condition) => {
        const sibling = siblings.findIndex(
          (link, at) => at < index && link.attributeKeyId === condition.attributeKeyId,
        )
        return sibling < 0 ? [] : [{ sibling, value: condition.value }]
      })
    const keyRef = refOf(keyId)
    const children = childrenOf(links, linkId)
    return {
      keyRef,
      includeWhen,
      children: children.map((child) => node(child.id, child.attributeKeyId, children)),
    }
  }
  const tree = node(root.id, root.attributeKeyId, [toLink(root)])
  const exported: ExportedKey[] = [...refs].map(([keyId, ref]) => {
    const key = keys.get(keyId)!
    return {
      ref,
      name: key.name,
      prompt: key.prompt,
      type: key.type,
      controlType: key.controlType,
      config: key.config,
      imagePath: key.imagePath,
      skuId: key.skuId,
      erpId: key.erpId,
      options: options
        .filter((option) => option.attributeKeyId === keyId)
        .map((option, sortOrder) => ({
          label: option.label,
          value: option.value,
          imagePath: option.imagePath,
          sortOrder,
        })),
    }
  })
  return { format: TREE_FORMAT, version: 1, keys: exported, root: tree }
}

/** Runs a check and names where in the document its refusal came from. */
async function at<T>(path: string, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      throw unprocessable(`${path}: ${error.message}`)
    throw error
  }
}

const BOOLEAN_VALUES: readonly string[] = BOOLEAN_OPTIONS.map((option) => option.value)

async function checkKeys(ctx: AttributeContext, keys: ExportedKey[]) {
  const byRef = new Map<string, ExportedKey>()
  for (const [index, key] of keys.entries()) {
    const path = `keys[${index}]`
    if (byRef.has(key.ref)) throw unprocessable(`${path}: the ref '${key.ref}' is used twice.`)
    byRef.set(key.ref, key)
    await at(path, async () => {
      checkLength('Name', key.name, ATTRIBUTE_LIMITS.nameMax)
      checkLength('Prompt', key.prompt, ATTRIBUTE_LIMITS.promptMax)
      checkLength('SKU', key.skuId, 100)
      checkLength('ERP', key.erpId, 100)
      checkKeyShape(key)
      await checkImagePath(ctx, 'Image', key.imagePath)
      if (isContainerType(key.type) && key.options.length > 0)
        throw refuse('Options', `a ${key.type} key has no options`)
      for (const option of key.options) {
        checkLength('Label', option.label, ATTRIBUTE_LIMITS.labelMax)
        checkLength('Value', option.value, ATTRIBUTE_LIMITS.valueMax)
        if (option.value.trim() === '') throw refuse('Value', 'must not be empty')
        if (option.value.includes(VALUE_SEPARATOR))
          throw refuse('Value', `must not contain '${VALUE_SEPARATOR}'`)
        if (key.type === 'BOOLEAN' && !BOOLEAN_VALUES.includes(option.value))
          throw refuse(
            'Value',
            "a BOOLEAN key's options can only have the values 'true' and 'false'",
          )
        await checkImagePath(ctx, 'Image', option.imagePath)
      }
    })
  }
  return byRef
}

function choices(key: ExportedKey): Set<string> {
  if (key.type === 'BOOLEAN') return new Set(BOOLEAN_VALUES)
  const generated = generatedOptions(parseConfig(key.config)).map((option) => option.value)
  return new Set([...key.options.map((option) => option.value), ...generated])
}

/** Every node with its path, parents first; refuses a document past TREE_LIMITS.nodes. */
function flatten(root: ExportedNode) {
  const nodes: { node: ExportedNode; path: string; siblings: ExportedNode[]; index: number }[] = []
  const stack = [{ node: root, path: 'root', siblings: [root], index: 0 }]
  while (stack.length > 0) {
    const item = stack.shift()!
    nodes.push(item)
    if (nodes.length > TREE_LIMITS.nodes)
      throw refuse('Tree', `at most ${TREE_LIMITS.nodes} items can be imported at once`)
    item.node.children.forEach((child, index) =>
      stack.push({
        node: child,
        path: `${item.path}.children[${index}]`,
        siblings: item.node.children,
        index,
      }),
    )
  }
  return nodes
}

/**
 * `POST /v1/attributeTree`: the document as a new top-level item, with new ids for every key,
 * link, option and condition, in one transaction. A ref used by several nodes becomes one key,
 * so what was shared stays shared. Everything is checked before anything is written.
 */
export async function importTree(
  ctx: AttributeContext,
  actorId: string,
  tree: AttributeTree,
): Promise<AssociationRow> {
  const keys = await checkKeys(ctx, tree.keys)
  const nodes = flatten(tree.root)
  for (const { node, path, siblings, index } of nodes) {
    const key = keys.get(node.keyRef)
    if (!key) throw unprocessable(`${path}: there is no key with the ref '${node.keyRef}'.`)
    if (path === 'root' && key.type !== 'ROOT')
      throw unprocessable(`${path}: the top-level item must be a ROOT key, not ${key.type}.`)
    if (path !== 'root' && key.type === 'ROOT')
      throw unprocessable(`${path}: a ROOT item sits only at the top level.`)
    if (node.children.length > 0 && !isContainerType(key.type))
      throw unprocessable(`${path}: a ${key.type} item cannot hold other items.`)
    for (const [n, rule] of node.includeWhen.entries()) {
      const where = `${path}.includeWhen[${n}]`
      if (path === 'root') throw unprocessable(`${where}: a top-level item cannot be conditional.`)
      if (rule.sibling >= index)
        throw unprocessable(`${where}: The affected item must come after the conditioned leaf.`)
      const leaf = keys.get(siblings[rule.sibling]!.keyRef)
      if (!leaf || isContainerType(leaf.type))
        throw unprocessable(`${where}: the sibling it names must be a leaf.`)
      const values = splitValues(rule.value)
      const known = choices(leaf)
      if (values.length === 0) throw unprocessable(`${where}: Value: choose at least one value.`)
      const unknown = values.filter((value) => !known.has(value))
      if (unknown.length > 0)
        throw unprocessable(
          `${where}: Value: '${unknown.join("', '")}' is not a value of ${leaf.name || leaf.ref}.`,
        )
    }
  }

  return ctx.db.transaction(async (tx) => {
    const keyIds = new Map([...keys.keys()].map((ref) => [ref, uuidv7()]))
    await insertMany(
      tx,
      'AttributeKey',
      tree.keys.map((key) => ({
        id: keyIds.get(key.ref)!,
        name: key.name.trim(),
        prompt: key.prompt,
        type: key.type,
        controlType: key.controlType,
        config: isContainerType(key.type) ? '{}' : key.config,
        imagePath: key.imagePath,
        skuId: key.skuId,
        erpId: key.erpId,
      })),
    )
    await insertMany(
      tx,
      'AttributeKeyOption',
      tree.keys.flatMap((key) =>
        key.options.map((option) => ({
          attributeKeyId: keyIds.get(key.ref)!,
          label: option.label,
          value: option.value,
          imagePath: option.imagePath,
          sortOrder: option.sortOrder,
        })),
      ),
    )
    const linkIds = new Map<ExportedNode, string>(nodes.map(({ node }) => [node, uuidv7()]))
    const parents = new Map<ExportedNode, ExportedNode>()
    for (const { node } of nodes) for (const child of node.children) parents.set(child, node)
    const rootId = linkIds.get(tree.root)!
    const top = await insertRow(tx, 'AttributeKeyAssociation', {
      id: rootId,
      attributeKeyId: keyIds.get(tree.root.keyRef)!,
      parentAssociationId: null,
      sortOrder: 0,
    })
    await insertMany(
      tx,
      'AttributeKeyAssociation',
      nodes.slice(1).map(({ node, index }) => ({
        id: linkIds.get(node)!,
        attributeKeyId: keyIds.get(node.keyRef)!,
        parentAssociationId: linkIds.get(parents.get(node)!)!,
        sortOrder: index,
      })),
    )
    await insertMany(
      tx,
      'AttributeKeyCondition',
      nodes.flatMap(({ node, siblings }) =>
        node.includeWhen.map((rule) => ({
          attributeKeyId: keyIds.get(siblings[rule.sibling]!.keyRef)!,
          value: rule.value,
          conditionalAssociationId: linkIds.get(node)!,
        })),
      ),
    )
    await recordAudit(tx, ctx.client, {
      action: AuditAction.attributeImported,
      outcome: 'success',
      actorUserId: actorId,
      detail: { associationId: rootId, keys: tree.keys.length, items: nodes.length },
    })
    return top
  })
}
