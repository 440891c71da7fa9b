import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { groupMembers, groups } from '../db/schema/access'
import { users } from '../db/schema/users'
import { ScimError } from '../domain/scim-errors'
import {
  normalizeAttributePath,
  type Compare,
  type ScimFilter,
  type ScimResourceType,
  type Suffix,
} from '../domain/scim-filter'

/*
 * A parsed SCIM filter (domain/scim-filter.ts) as a WHERE condition, so that filtering is the
 * database's work and never a scan in JS (docs/scim-filters.md). Every condition is two-valued
 * (never SQL null), so that `not` means what a client expects on absent attributes.
 */

type Expr = SQL | AnyPgColumn

/** How one filterable attribute is found in SQL. */
type Attribute =
  | { kind: 'text'; expr: Expr; nullable: boolean; storedLower?: boolean; digits?: boolean }
  | { kind: 'exact'; expr: Expr; nullable: boolean }
  | { kind: 'uuid'; expr: Expr }
  | { kind: 'boolean'; expr: SQL }
  | { kind: 'dateTime'; expr: Expr }
  | { kind: 'constant'; value: string | boolean }

interface FilterTable {
  resource: ScimResourceType
  attributes: Record<string, Attribute>
  /** A multi-valued attribute's condition on one of its values, as a condition on the row. */
  multi: Record<string, (inner: SQL) => SQL>
}

const fullName = sql`(${users.nameFirst} || ' ' || ${users.nameLast})`

const USERS: FilterTable = {
  resource: 'User',
  attributes: {
    id: { kind: 'uuid', expr: users.id },
    externalid: { kind: 'exact', expr: users.externalId, nullable: true },
    username: { kind: 'text', expr: users.email, nullable: false, storedLower: true },
    'name.givenname': { kind: 'text', expr: users.nameFirst, nullable: false },
    'name.familyname': { kind: 'text', expr: users.nameLast, nullable: false },
    'name.formatted': { kind: 'text', expr: fullName, nullable: false },
    displayname: { kind: 'text', expr: fullName, nullable: false },
    'emails.value': { kind: 'text', expr: users.email, nullable: false, storedLower: true },
    'emails.type': { kind: 'constant', value: 'work' },
    'emails.primary': { kind: 'constant', value: true },
    'phonenumbers.value': { kind: 'text', expr: users.phone, nullable: true, digits: true },
    'phonenumbers.type': { kind: 'constant', value: 'mobile' },
    active: { kind: 'boolean', expr: sql`(${users.disabledAt} is null)` },
    usertype: { kind: 'text', expr: users.type, nullable: false },
    'meta.created': { kind: 'dateTime', expr: users.createdAt },
    'meta.lastmodified': { kind: 'dateTime', expr: users.updatedAt },
  },
  multi: {
    emails: (inner) => inner,
    phonenumbers: (inner) => sql`(${users.phone} is not null and ${inner})`,
  },
}

const GROUPS: FilterTable = {
  resource: 'Group',
  attributes: {
    id: { kind: 'uuid', expr: groups.id },
    externalid: { kind: 'exact', expr: groups.externalId, nullable: true },
    displayname: { kind: 'text', expr: groups.name, nullable: false },
    'members.value': { kind: 'uuid', expr: groupMembers.userId },
    'meta.created': { kind: 'dateTime', expr: groups.createdAt },
    'meta.lastmodified': { kind: 'dateTime', expr: groups.updatedAt },
  },
  multi: {
    members: (inner) =>
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${inner})`,
  },
}

/** The WHERE condition over `users` for a parsed filter. */
export const userFilterSql = (filter: ScimFilter): SQL => compile(filter, USERS, null)

/** The WHERE condition over `groups` for a parsed filter (members through group_members). */
export const groupFilterSql = (filter: ScimFilter): SQL => compile(filter, GROUPS, null)

const TRUE = sql`true`
const FALSE = sql`false`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function compile(node: ScimFilter, table: FilterTable, within: string | null): SQL {
  switch (node.op) {
    case 'and':
    case 'or': {
      const parts = node.filters.map((f) => compile(f, table, within))
      return sql`(${sql.join(parts, node.op === 'and' ? sql` and ` : sql` or `)})`
    }
    case 'not':
      return sql`(not ${compile(node.filter, table, within)})`
    case '[]': {
      const name = node.attrPath.toLowerCase()
      const wrap = table.multi[name]
      if (!wrap || within !== null) throw unknown(node.attrPath)
      return wrap(compile(node.valFilter, table, name))
    }
    default: {
      const path = within === null ? node.attrPath : `${within}.${node.attrPath}`
      const key = normalizeAttributePath(path, table.resource)
      const attribute = key === null ? undefined : table.attributes[key]
      if (!attribute || key === null) throw unknown(path)
      const condition = leaf(attribute, node)
      const owner = key.split('.')[0] ?? ''
      const wrap = within === null ? table.multi[owner] : undefined
      return wrap ? wrap(condition) : condition
    }
  }
}

const unknown = (path: string) =>
  new ScimError(400, `Users and groups cannot be filtered by "${path}".`, 'invalidFilter')

function leaf(attribute: Attribute, node: Compare | Suffix): SQL {
  if (attribute.kind === 'constant') return constant(attribute.value, node) ? TRUE : FALSE
  const nullable =
    attribute.kind === 'text' || attribute.kind === 'exact' ? attribute.nullable : false
  if (node.op === 'pr') {
    if (attribute.kind === 'boolean') return TRUE
    if (attribute.kind === 'text' || attribute.kind === 'exact') {
      return nullable
        ? sql`(${attribute.expr} is not null and ${attribute.expr} <> '')`
        : sql`(${attribute.expr} <> '')`
    }
    return TRUE
  }
  if (node.op === 'ne') return sql`(not ${leaf(attribute, { ...node, op: 'eq' })})`
  const value = node.compValue
  if (value === null) return nullable ? sql`(${attribute.expr} is null)` : FALSE
  const condition = compare(attribute, node.op, value)
  return nullable && 'expr' in attribute
    ? sql`(${attribute.expr} is not null and ${condition})`
    : condition
}

type Operator = Exclude<Compare['op'], 'ne'>

function compare(attribute: Attribute, op: Operator, value: string | number | boolean): SQL {
  switch (attribute.kind) {
    case 'boolean':
      return value === true ? attribute.expr : sql`(not ${attribute.expr})`
    case 'dateTime': {
      const time = new Date(String(value))
      if (Number.isNaN(time.getTime())) {
        throw new ScimError(400, `"${String(value)}" is not a date and time.`, 'invalidFilter')
      }
      return order(attribute.expr, op, sql`${time.toISOString()}::timestamptz`)
    }
    case 'uuid': {
      const text = String(value).toLowerCase()
      if (op === 'eq') return UUID.test(text) ? sql`(${attribute.expr} = ${text}::uuid)` : FALSE
      return textual(sql`${attribute.expr}::text`, op, text, sql`${text}`)
    }
    case 'exact':
      return textual(attribute.expr, op, String(value), sql`${String(value)}`)
    case 'text': {
      let text = String(value).toLowerCase()
      if (attribute.digits) text = text.replace(/\D/g, '')
      if (attribute.storedLower) return textual(attribute.expr, op, text, sql`${text}`)
      return textual(sql`lower(${attribute.expr})`, op, text, sql`${text}`)
    }
    default:
      return FALSE
  }
}

function textual(expr: Expr, op: Operator, text: string, param: SQL): SQL {
  switch (op) {
    case 'co':
      return like(expr, `%${escapeLike(text)}%`)
    case 'sw':
      return like(expr, `${escapeLike(text)}%`)
    case 'ew':
      return like(expr, `%${escapeLike(text)}`)
    default:
      return order(expr, op, param)
  }
}

const like = (expr: Expr, pattern: string) => sql`(${expr} like ${pattern} escape '\\')`

/** `%`, `_` and the escape itself match only themselves in a filter's value. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function order(expr: Expr, op: Operator, param: SQL): SQL {
  switch (op) {
    case 'eq':
      return sql`(${expr} = ${param})`
    case 'gt':
      return sql`(${expr} > ${param})`
    case 'ge':
      return sql`(${expr} >= ${param})`
    case 'lt':
      return sql`(${expr} < ${param})`
    case 'le':
      return sql`(${expr} <= ${param})`
    default:
      throw new ScimError(400, `"${op}" does not apply here.`, 'invalidFilter')
  }
}

/** A comparison on a value every user has the same of (the one work email is primary). */
function constant(held: string | boolean, node: Compare | Suffix): boolean {
  if (node.op === 'pr') return true
  const value = node.compValue
  if (typeof held === 'boolean') {
    return node.op === 'ne' ? held !== value : node.op === 'eq' && held === value
  }
  if (typeof value !== 'string') return node.op === 'ne'
  const a = held.toLowerCase()
  const b = value.toLowerCase()
  switch (node.op) {
    case 'eq':
      return a === b
    case 'ne':
      return a !== b
    case 'co':
      return a.includes(b)
    case 'sw':
      return a.startsWith(b)
    case 'ew':
      return a.endsWith(b)
    case 'gt':
      return a > b
    case 'ge':
      return a >= b
    case 'lt':
      return a < b
    case 'le':
      return a <= b
  }
}

type SortKeys = Record<string, Expr>

const USER_SORT: SortKeys = {
  id: users.id,
  externalid: users.externalId,
  username: users.email,
  'emails.value': users.email,
  'name.givenname': sql`lower(${users.nameFirst})`,
  'name.familyname': sql`lower(${users.nameLast})`,
  'name.formatted': sql`lower(${fullName})`,
  displayname: sql`lower(${fullName})`,
  'phonenumbers.value': users.phone,
  active: sql`(${users.disabledAt} is null)`,
  usertype: users.type,
  'meta.created': users.createdAt,
  'meta.lastmodified': users.updatedAt,
}

const GROUP_SORT: SortKeys = {
  id: groups.id,
  externalid: groups.externalId,
  displayname: sql`lower(${groups.name})`,
  'meta.created': groups.createdAt,
  'meta.lastmodified': groups.updatedAt,
}

/** The ORDER BY list for `sortBy`/`sortOrder` over users; ties broken by id. */
export const userSortSql = (sortBy?: string, sortOrder?: string): SQL[] =>
  sortSql(USER_SORT, 'User', users.id, sortBy, sortOrder)

/** The ORDER BY list for `sortBy`/`sortOrder` over groups; ties broken by id. */
export const groupSortSql = (sortBy?: string, sortOrder?: string): SQL[] =>
  sortSql(GROUP_SORT, 'Group', groups.id, sortBy, sortOrder)

function sortSql(
  keys: SortKeys,
  resource: ScimResourceType,
  id: AnyPgColumn,
  sortBy: string | undefined,
  sortOrder: string | undefined,
): SQL[] {
  const order = (sortOrder ?? 'ascending').toLowerCase()
  if (order !== 'ascending' && order !== 'descending') {
    throw new ScimError(400, 'sortOrder is "ascending" or "descending".', 'invalidValue')
  }
  const direction = order === 'ascending' ? sql`asc` : sql`desc`
  const tie = sql`${id} ${direction}`
  if (sortBy === undefined || sortBy === '') return [tie]
  const key = normalizeAttributePath(sortBy, resource)
  const expr = key === null ? undefined : keys[key]
  if (!expr) throw new ScimError(400, `Cannot sort by "${sortBy}".`, 'invalidValue')
  return expr === id ? [tie] : [sql`${expr} ${direction}`, tie]
}
