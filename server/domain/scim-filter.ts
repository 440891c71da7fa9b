import { parse, type Filter } from 'scim2-parse-filter'
import { ScimError } from './scim-errors'

/** The AST of `scim2-parse-filter`, with attribute paths normalized (see parseScimFilter). */
export type ScimFilter = Filter
export type { AttrExp, Compare, LogExp, NotFilter, Suffix, ValuePath } from 'scim2-parse-filter'

/**
 * How a filterable attribute compares (RFC 7643 §2.3): `string` case-insensitively, `exact`
 * case-sensitively (id, externalId are caseExact), `boolean`, `dateTime`.
 */
export type FilterAttributeType = 'string' | 'exact' | 'boolean' | 'dateTime'

export type ScimResourceType = 'User' | 'Group'

export const FILTER_MAX_LENGTH = 2000
export const FILTER_MAX_DEPTH = 20

/** Lowercased attribute paths a Users filter may name, and how each compares. */
export const USER_FILTER_ATTRIBUTES: ReadonlyMap<string, FilterAttributeType> = new Map([
  ['id', 'exact'],
  ['externalid', 'exact'],
  ['username', 'string'],
  ['name.givenname', 'string'],
  ['name.familyname', 'string'],
  ['name.formatted', 'string'],
  ['displayname', 'string'],
  ['emails.value', 'string'],
  ['emails.type', 'string'],
  ['emails.primary', 'boolean'],
  ['phonenumbers.value', 'string'],
  ['phonenumbers.type', 'string'],
  ['active', 'boolean'],
  ['usertype', 'string'],
  ['meta.created', 'dateTime'],
  ['meta.lastmodified', 'dateTime'],
])

/** Lowercased attribute paths a Groups filter may name, and how each compares. */
export const GROUP_FILTER_ATTRIBUTES: ReadonlyMap<string, FilterAttributeType> = new Map([
  ['id', 'exact'],
  ['externalid', 'exact'],
  ['displayname', 'string'],
  ['members.value', 'exact'],
  ['meta.created', 'dateTime'],
  ['meta.lastmodified', 'dateTime'],
])

/** Multi-valued attributes: a bare name means its `value` (RFC 7644 §3.4.2.2), `[...]` filters it. */
const MULTI_VALUED: Record<ScimResourceType, ReadonlySet<string>> = {
  User: new Set(['emails', 'phonenumbers']),
  Group: new Set(['members']),
}

const SCHEMA_PREFIXES: Record<ScimResourceType, readonly string[]> = {
  User: [
    'urn:ietf:params:scim:schemas:core:2.0:user:',
    'urn:ietf:params:scim:schemas:extension:gatehouse:2.0:user:',
  ],
  Group: ['urn:ietf:params:scim:schemas:core:2.0:group:'],
}

function attributesOf(resource: ScimResourceType) {
  return resource === 'User' ? USER_FILTER_ATTRIBUTES : GROUP_FILTER_ATTRIBUTES
}

const invalid = (detail: string) => new ScimError(400, detail, 'invalidFilter')

/**
 * An attribute path as the resource type's tables know it: lowercased, without its schema URN, a
 * bare multi-valued name meaning its `value`. Null when the resource type has no such attribute.
 */
export function normalizeAttributePath(raw: string, resource: ScimResourceType): string | null {
  let path = raw.toLowerCase()
  const prefix = SCHEMA_PREFIXES[resource].find((p) => path.startsWith(p))
  if (prefix) path = path.slice(prefix.length)
  if (MULTI_VALUED[resource].has(path)) path = `${path}.value`
  return attributesOf(resource).has(path) ? path : null
}

/**
 * Parses a `filter` query parameter (RFC 7644 §3.4.2.2) for Users or Groups and checks every
 * attribute, operator and value against what that resource type can filter on in SQL. Attribute
 * paths in the answer are normalized (lowercase, no URN; inside `emails[...]` relative to it).
 * @throws ScimError 400 invalidFilter for bad grammar, an unknown attribute or a mistyped value.
 */
export function parseScimFilter(text: string, resource: ScimResourceType = 'User'): ScimFilter {
  if (text.length > FILTER_MAX_LENGTH) {
    throw invalid(`The filter is longer than ${FILTER_MAX_LENGTH} characters.`)
  }
  if (text.trim() === '') throw invalid('The filter is empty.')
  let ast: Filter
  try {
    ast = parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unreadable'
    throw invalid(`The filter is not valid SCIM filter syntax (${reason}).`)
  }
  return checkNode(ast, resource, null, 1)
}

function checkNode(
  node: Filter,
  resource: ScimResourceType,
  within: string | null,
  depth: number,
): Filter {
  if (depth > FILTER_MAX_DEPTH) {
    throw invalid(`The filter nests deeper than ${FILTER_MAX_DEPTH} levels.`)
  }
  switch (node.op) {
    case 'and':
    case 'or':
      return {
        op: node.op,
        filters: node.filters.map((f) => checkNode(f, resource, within, depth + 1)),
      }
    case 'not':
      // The library reads `a not b` as an infix operator with no `filter`.
      if (typeof node.filter !== 'object') throw invalid('"not" goes before a filter: not (…).')
      return { op: 'not', filter: checkNode(node.filter, resource, within, depth + 1) }
    case '[]': {
      const name = node.attrPath.toLowerCase().replace(SCHEMA_PREFIXES[resource][0] ?? '', '')
      if (within !== null || !MULTI_VALUED[resource].has(name)) {
        throw invalid(`"${node.attrPath}" cannot take a value filter in brackets.`)
      }
      return {
        op: '[]',
        attrPath: name,
        valFilter: checkNode(node.valFilter, resource, name, depth + 1),
      }
    }
    default:
      return checkLeaf(node, resource, within)
  }
}

function checkLeaf(
  node: Exclude<Filter, { op: 'and' | 'or' | 'not' | '[]' }>,
  resource: ScimResourceType,
  within: string | null,
): Filter {
  const full = within === null ? node.attrPath : `${within}.${node.attrPath}`
  const path = normalizeAttributePath(full, resource)
  if (path === null || (within !== null && node.attrPath.includes(':'))) {
    throw invalid(`Users and groups cannot be filtered by "${full}".`)
  }
  const attrPath = within === null ? path : path.slice(within.length + 1)
  if (node.op === 'pr') return { op: 'pr', attrPath }
  const type = attributesOf(resource).get(path) ?? 'string'
  const value = node.compValue
  if (value === null) {
    if (node.op !== 'eq' && node.op !== 'ne') {
      throw invalid(`"${node.op}" cannot compare "${full}" with null.`)
    }
    return { op: node.op, attrPath, compValue: null }
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw invalid(`"${full}" is compared with true or false.`)
    if (node.op !== 'eq' && node.op !== 'ne') {
      throw invalid(`"${node.op}" does not apply to the boolean "${full}".`)
    }
  } else if (typeof value !== 'string') {
    throw invalid(`"${full}" is compared with a quoted string.`)
  } else if (type === 'dateTime') {
    if (node.op === 'co' || node.op === 'sw' || node.op === 'ew') {
      throw invalid(`"${node.op}" does not apply to the date "${full}".`)
    }
    if (Number.isNaN(Date.parse(value))) {
      throw invalid(`"${value}" is not a date and time (RFC 3339) for "${full}".`)
    }
  }
  return { op: node.op, attrPath, compValue: value }
}
