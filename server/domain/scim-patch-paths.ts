import type { ScimPatchOperation } from 'scim-patch'
import { parse, stringify, type Filter } from 'scim2-parse-filter'
import { SCIM_SCHEMAS, type ScimUserResource } from '../../schema/scim'
import { ScimError } from './scim-errors'
import { isRecord, type PatchOperation } from './scim-patch-operations'

/*
 * PATCH paths as Entra and Okta write them (any case, with or without the schema URN, filters in
 * brackets) rewritten into the canonical names `scim-patch` matches exactly (docs/scim-filters.md).
 */

const CORE_USER = `${SCIM_SCHEMAS.user.toLowerCase()}:`
export const CORE_GROUP = `${SCIM_SCHEMAS.group.toLowerCase()}:`
export const GATEHOUSE = SCIM_SCHEMAS.gatehouseUser.toLowerCase()

/** Canonical names of the User attributes Gatehouse keeps, and of their sub-attributes. */
const USER_ROOTS: Record<string, string> = {
  username: 'userName',
  name: 'name',
  displayname: 'displayName',
  emails: 'emails',
  phonenumbers: 'phoneNumbers',
  active: 'active',
  externalid: 'externalId',
  usertype: 'userType',
}
const MULTI_SUBS = { value: 'value', type: 'type', primary: 'primary', display: 'display' }
const USER_SUBS: Record<string, Record<string, string>> = {
  name: { givenname: 'givenName', familyname: 'familyName', formatted: 'formatted' },
  emails: MULTI_SUBS,
  phonenumbers: MULTI_SUBS,
}
/** Core User attributes Gatehouse has no place for: accepted and dropped, as Entra maps them. */
const IGNORED_ROOTS = new Set([
  'nickname',
  'profileurl',
  'title',
  'preferredlanguage',
  'locale',
  'timezone',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509certificates',
  'password',
  'schemas',
  // The Gatehouse extension's: it only means something when the user is created.
  'sendinvitation',
])
const IGNORED_NAME_SUBS = new Set(['middlename', 'honorificprefix', 'honorificsuffix'])
export const READ_ONLY = new Set(['id', 'meta', 'groups'])

const PATH = /^([a-z][\w$-]*)(?:\[(.+)\])?(?:\.([a-z][\w$-]*))?$/i

export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath')
export const readOnly = (name: string) =>
  new ScimError(400, `"${name}" is read-only and cannot be changed.`, 'mutability')

interface ParsedPath {
  root: string
  filter?: string
  sub?: string
}

/** Splits a path, URN and all; null for attributes that are accepted and dropped. */
export function splitPath(raw: string, core: string): ParsedPath | null {
  let path = raw.trim()
  const lower = path.toLowerCase()
  if (lower.startsWith(core)) path = path.slice(core.length)
  else if (lower.startsWith(`${GATEHOUSE}:`)) path = path.slice(GATEHOUSE.length + 1)
  else if (lower.startsWith('urn:')) return null
  const match = PATH.exec(path)
  if (!match) throw invalidPath(`"${raw}" is not an attribute path.`)
  const [, root = '', filter, sub] = match
  return { root: root.toLowerCase(), filter, sub: sub?.toLowerCase() }
}

/** A value filter in brackets with canonical attribute names and lowercase `type` values. */
function canonicalFilter(text: string, subs: Record<string, string>, raw: string): string {
  let ast: Filter
  try {
    ast = parse(text)
  } catch {
    throw invalidPath(`The filter in "${raw}" is not valid SCIM filter syntax.`)
  }
  const walk = (node: Filter): Filter => {
    switch (node.op) {
      case 'and':
      case 'or':
        return { op: node.op, filters: node.filters.map(walk) }
      case 'not':
        return { op: 'not', filter: walk(node.filter) }
      case '[]':
        throw invalidPath(`"${raw}" nests value filters.`)
      default: {
        const name = subs[node.attrPath.toLowerCase()]
        if (!name) throw invalidPath(`"${raw}" filters on an unknown sub-attribute.`)
        if (node.op === 'pr') return { op: 'pr', attrPath: name }
        const value = node.compValue
        return {
          op: node.op,
          attrPath: name,
          compValue: name === 'type' && typeof value === 'string' ? value.toLowerCase() : value,
        }
      }
    }
  }
  return stringify(walk(ast))
}

/** One operation in the canonical names `scim-patch` matches exactly, or null to drop it. */
export function canonicalUserOperation(
  operation: PatchOperation,
  current: ScimUserResource,
): ScimPatchOperation | null {
  const raw = operation.path ?? ''
  const path = splitPath(raw, CORE_USER)
  if (path === null || IGNORED_ROOTS.has(path.root)) return null
  if (READ_ONLY.has(path.root)) {
    if (path.root === 'id' && !path.sub && operation.value === current.id) return null
    throw readOnly(raw)
  }
  const root = USER_ROOTS[path.root]
  if (!root) throw invalidPath(`Users have no attribute "${raw}".`)
  const subs = USER_SUBS[path.root]
  if (path.sub !== undefined && path.root === 'name' && IGNORED_NAME_SUBS.has(path.sub)) return null
  const sub = path.sub === undefined ? undefined : subs?.[path.sub]
  if (path.sub !== undefined && !sub) throw invalidPath(`Users have no attribute "${raw}".`)
  if (path.filter !== undefined && (path.root === 'name' || !subs)) {
    throw invalidPath(`"${raw}" filters an attribute that has one value.`)
  }
  const filter =
    path.filter === undefined ? '' : `[${canonicalFilter(path.filter, subs ?? {}, raw)}]`
  const value = sub === undefined && subs ? canonicalValue(operation.value, subs) : operation.value
  const canonical = `${root}${filter}${sub === undefined ? '' : `.${sub}`}`
  return operation.op === 'remove'
    ? { op: 'remove', path: canonical, ...(value === undefined ? {} : { value }) }
    : { op: operation.op, path: canonical, value }
}

/** Sub-attribute names of a complex value (or of each item of a list) in canonical case. */
function canonicalValue(value: unknown, subs: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, subs))
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const name = subs[key.toLowerCase()]
    if (name) out[name] = item
  }
  return out
}
