import {
  InvalidScimPatchOp,
  InvalidScimPatchRequest,
  InvalidScimRemoveValue,
  NoTarget,
  scimPatch,
} from 'scim-patch'
import { parse, type Filter } from 'scim2-parse-filter'
import { SCIM_SCHEMAS, type ScimUserResource } from '../../schema/scim'
import { ScimError } from './scim-errors'
import { isRecord, readPatchOperations, withPaths } from './scim-patch-operations'
import {
  canonicalUserOperation,
  CORE_GROUP,
  GATEHOUSE,
  invalidPath,
  READ_ONLY,
  readOnly,
  splitPath,
} from './scim-patch-paths'

/*
 * PATCH (RFC 7644 §3.5.2) for Users, applied with `scim-patch` to the SCIM representation, and
 * for Groups, planned as member changes the repository makes in SQL (docs/scim-filters.md).
 */

const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue')

/** The library's refusals in SCIM's terms. */
function asScimError(error: unknown): ScimError {
  if (error instanceof ScimError) return error
  const detail = error instanceof Error ? error.message : 'The patch cannot be applied.'
  if (error instanceof NoTarget) return new ScimError(400, detail, 'noTarget')
  if (error instanceof InvalidScimPatchRequest) return new ScimError(400, detail, 'invalidSyntax')
  if (error instanceof InvalidScimPatchOp) return invalidPath(detail)
  if (error instanceof InvalidScimRemoveValue) return invalidValue(detail)
  return invalidValue(`The patch cannot be applied: ${detail}`)
}

/**
 * Applies a PatchOp to a user's SCIM representation, as Entra and Okta send it (any-case `op`,
 * path-less replace with dotted keys, `emails[type eq "work"].value`, `"active": "False"`).
 * Gatehouse keeps one address: a changed `userName` wins, else a changed work email becomes the
 * userName. Attributes Gatehouse has no place for (title, addresses, the enterprise extension)
 * are dropped. The caller validates the result as it validates a PUT.
 * @throws ScimError 400 mutability, invalidPath, noTarget, invalidValue or invalidSyntax.
 */
export function applyUserPatch(current: ScimUserResource, operations: unknown): ScimUserResource {
  const read = readPatchOperations(operations)
  // The extension's object (on its URN path, or a key of a path-less value) is one key per attribute.
  const expanded = withPaths(
    withPaths(read).flatMap((operation) =>
      operation.path?.toLowerCase() === GATEHOUSE && isRecord(operation.value)
        ? [{ op: operation.op, value: operation.value }]
        : [operation],
    ),
  )
  const canonical = expanded
    .map((operation) => canonicalUserOperation(operation, current))
    .filter((operation) => operation !== null)
  const document = {
    schemas: current.schemas,
    id: current.id,
    ...(current.externalId === undefined ? {} : { externalId: current.externalId }),
    userName: current.userName,
    name: { ...current.name },
    emails: current.emails.map((email) => ({ ...email })),
    ...(current.phoneNumbers ? { phoneNumbers: current.phoneNumbers.map((p) => ({ ...p })) } : {}),
    active: current.active,
    userType: current.userType,
    meta: { ...current.meta, created: new Date(0), lastModified: new Date(0) },
  }
  let patched: Record<string, unknown>
  try {
    patched = scimPatch(document, canonical, { mutateDocument: false, treatMissingAsAdd: true })
  } catch (error) {
    throw asScimError(error)
  }
  return userFrom(patched, current)
}

function userFrom(patched: Record<string, unknown>, current: ScimUserResource): ScimUserResource {
  const name = isRecord(patched.name) ? patched.name : {}
  const givenName = requiredText(name.givenName, 'name.givenName')
  const familyName = requiredText(name.familyName, 'name.familyName')
  const email = addressOf(patched, current)
  const externalId = patched.externalId
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw invalidValue('externalId must be a string.')
  }
  const phone = phoneOf(patched.phoneNumbers)
  const userType = userTypeOf(patched.userType, current)
  const formatted = `${givenName} ${familyName}`.trim()
  return {
    schemas: current.schemas,
    id: current.id,
    ...(typeof externalId === 'string' ? { externalId } : {}),
    userName: email,
    name: { givenName, familyName, formatted },
    displayName: formatted,
    emails: [{ value: email, type: 'work', primary: true }],
    ...(phone === null ? {} : { phoneNumbers: [{ value: phone, type: 'mobile' as const }] }),
    active: booleanOf(patched.active, 'active'),
    ...(userType ? { userType, [SCIM_SCHEMAS.gatehouseUser]: { userType } } : {}),
    meta: current.meta,
  }
}

function requiredText(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidValue(`${name} is required by Gatehouse.`)
  return value
}

/** The one address: a changed userName, else a changed work (or primary) email, else as was. */
function addressOf(patched: Record<string, unknown>, current: ScimUserResource): string {
  const userName = requiredText(patched.userName, 'userName')
  if (userName.toLowerCase() !== current.userName.toLowerCase()) return userName
  const emails = Array.isArray(patched.emails) ? patched.emails.filter(isRecord) : []
  const changed = emails.find(
    (e) =>
      typeof e.value === 'string' &&
      e.value.toLowerCase() !== current.userName.toLowerCase() &&
      (e.type === undefined || e.type === 'work' || e.primary === true || e.primary === 'True'),
  )
  return typeof changed?.value === 'string' ? changed.value : userName
}

/** Gatehouse keeps one number: the mobile one, else the primary, else the first. */
function phoneOf(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) throw invalidValue('phoneNumbers must be a list.')
  const numbers = value.filter(isRecord)
  const chosen =
    numbers.find((n) => typeof n.type === 'string' && n.type.toLowerCase() === 'mobile') ??
    numbers.find((n) => n.primary === true || n.primary === 'True') ??
    numbers[0]
  if (chosen === undefined || chosen.value === undefined || chosen.value === null) return null
  if (typeof chosen.value !== 'string') throw invalidValue('A phone number value must be a string.')
  return chosen.value
}

/** SCIM booleans; Entra sends "True"/"False". */
function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
    return value.toLowerCase() === 'true'
  }
  throw invalidValue(`${name} must be true or false.`)
}

function userTypeOf(value: unknown, current: ScimUserResource): ScimUserResource['userType'] {
  if (value === undefined || value === null) return current.userType
  if (typeof value === 'string' && /^(internal|external)$/i.test(value)) {
    return value.toUpperCase() as 'INTERNAL' | 'EXTERNAL'
  }
  throw invalidValue('userType must be INTERNAL or EXTERNAL.')
}

/** What a Group PATCH changes, for the repository to do in SQL without loading every member. */
export interface GroupPatchPlan {
  displayName?: string
  /** null when the PATCH removes it. */
  externalId?: string | null
  addMembers: string[]
  removeMembers: string[]
  /** The whole membership, when the PATCH replaces (or removes) `members`; then add/remove are empty. */
  replaceMembers?: string[]
}

const MEMBER_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|bulkId:.+)$/i

/**
 * Plans a Group PatchOp (Entra's `remove members` with a value list, Okta's path-less
 * `replace {id, displayName}`, `remove members[value eq "…"]`, `replace members`), keeping the
 * operations' order: an add after a remove of the same member adds it, and so on.
 * @param groupId the group's id, which a path-less value may repeat but not change.
 * @throws ScimError 400 mutability, invalidPath, invalidValue, noTarget or invalidSyntax.
 */
export function planGroupPatch(operations: unknown, groupId?: string): GroupPatchPlan {
  const plan: { displayName?: string; externalId?: string | null } = {}
  let replace: Set<string> | undefined
  const add = new Set<string>()
  const remove = new Set<string>()
  const addMember = (id: string) => {
    if (replace) return void replace.add(id)
    remove.delete(id)
    add.add(id)
  }
  const removeMember = (id: string) => {
    if (replace) return void replace.delete(id)
    add.delete(id)
    remove.add(id)
  }
  for (const operation of withPaths(readPatchOperations(operations))) {
    const raw = operation.path ?? ''
    const path = splitPath(raw, CORE_GROUP)
    if (path === null || path.root === 'schemas') continue
    if (READ_ONLY.has(path.root)) {
      if (path.root === 'id' && !path.sub && (groupId === undefined || operation.value === groupId))
        continue
      throw readOnly(raw)
    }
    if (path.root === 'displayname' && !path.filter && !path.sub) {
      if (operation.op === 'remove') throw invalidValue('displayName is required.')
      if (typeof operation.value !== 'string' || operation.value.trim() === '') {
        throw invalidValue('displayName must be a non-empty string.')
      }
      plan.displayName = operation.value.trim()
    } else if (path.root === 'externalid' && !path.filter && !path.sub) {
      const value = operation.op === 'remove' ? null : operation.value
      if (value !== null && typeof value !== 'string') {
        throw invalidValue('externalId must be a string.')
      }
      plan.externalId = value === null || value.trim() === '' ? null : value.trim()
    } else if (path.root === 'members' && (path.sub === undefined || path.sub === 'value')) {
      if (path.filter !== undefined) {
        if (operation.op !== 'remove') {
          throw invalidPath(`"${raw}": members are added or replaced as a list, not by filter.`)
        }
        memberIdsOfFilter(path.filter, raw).forEach(removeMember)
      } else if (operation.op === 'remove') {
        if (operation.value === undefined || operation.value === null) {
          replace = new Set()
          add.clear()
          remove.clear()
        } else memberIds(operation.value).forEach(removeMember)
      } else if (operation.op === 'add') {
        memberIds(operation.value).forEach(addMember)
      } else {
        replace = new Set(memberIds(operation.value))
        add.clear()
        remove.clear()
      }
    } else {
      throw invalidPath(`Groups have no attribute "${raw}" that PATCH can change.`)
    }
  }
  return {
    ...plan,
    addMembers: [...add],
    removeMembers: [...remove],
    ...(replace ? { replaceMembers: [...replace] } : {}),
  }
}

/** `[{value}]` (or one `{value}`) as user ids. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map((member) => {
    const id = isRecord(member) ? member.value : undefined
    if (typeof id !== 'string' || !MEMBER_ID.test(id)) {
      throw invalidValue('Each member is an object whose value is a user id.')
    }
    return id.toLowerCase().startsWith('bulkid:') ? id : id.toLowerCase()
  })
}

/** `value eq "id"`, or several joined by `or`: the only member filters planned without a scan. */
function memberIdsOfFilter(text: string, raw: string): string[] {
  let ast: Filter
  try {
    ast = parse(text)
  } catch {
    throw invalidPath(`The filter in "${raw}" is not valid SCIM filter syntax.`)
  }
  const ids: string[] = []
  const walk = (node: Filter) => {
    if (node.op === 'or') return node.filters.forEach(walk)
    if (node.op === 'eq' && node.attrPath.toLowerCase() === 'value') {
      return void ids.push(...memberIds([{ value: node.compValue }]))
    }
    throw invalidPath(`"${raw}": members are removed by value eq "<user id>" (or several with or).`)
  }
  walk(ast)
  return ids
}
