import { ScimError } from './scim-errors'

/*
 * The PatchOp body (RFC 7644 §3.5.2) read leniently, the way Entra and Okta write it: `op` in any
 * case ("Replace"), `Operations` or `operations`, the body or its list of operations.
 */

export type PatchVerb = 'add' | 'replace' | 'remove'

export interface PatchOperation {
  op: PatchVerb
  path?: string
  value?: unknown
}

export const PATCH_MAX_OPERATIONS = 1000
const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const syntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax')

/** The operations of a PatchOp body (or of its `Operations` list), checked for shape only. */
export function readPatchOperations(input: unknown): PatchOperation[] {
  let list: unknown = input
  if (isRecord(input)) {
    const schemas = input.schemas
    if (Array.isArray(schemas) && !schemas.includes(PATCH_OP_SCHEMA)) {
      throw syntax(`A PATCH body's schemas include "${PATCH_OP_SCHEMA}".`)
    }
    const key = Object.keys(input).find((k) => k.toLowerCase() === 'operations')
    list = key === undefined ? undefined : input[key]
  }
  if (!Array.isArray(list) || list.length === 0) {
    throw syntax('A PATCH body has a non-empty "Operations" list.')
  }
  if (list.length > PATCH_MAX_OPERATIONS) {
    throw new ScimError(413, `A PATCH has at most ${PATCH_MAX_OPERATIONS} operations.`, 'tooMany')
  }
  return list.map((item, i) => readOperation(item, i + 1))
}

function readOperation(item: unknown, n: number): PatchOperation {
  if (!isRecord(item)) throw syntax(`Operation ${n} is not an object.`)
  const verb = typeof item.op === 'string' ? item.op.toLowerCase() : ''
  if (verb !== 'add' && verb !== 'replace' && verb !== 'remove') {
    throw syntax(`Operation ${n} has op "${String(item.op)}"; it is add, replace or remove.`)
  }
  const path = item.path
  if (path !== undefined && path !== null && typeof path !== 'string') {
    throw new ScimError(400, `Operation ${n}'s path is not a string.`, 'invalidPath')
  }
  const hasPath = typeof path === 'string' && path.trim() !== ''
  if (verb === 'remove' && !hasPath) {
    throw new ScimError(400, `Operation ${n} removes without a path.`, 'noTarget')
  }
  if (verb !== 'remove' && !('value' in item)) {
    throw syntax(`Operation ${n} (${verb}) has no value.`)
  }
  if (verb !== 'remove' && !hasPath && !isRecord(item.value)) {
    throw new ScimError(
      400,
      `Operation ${n} has no path, so its value is an object.`,
      'invalidValue',
    )
  }
  return {
    op: verb,
    ...(hasPath ? { path: path.trim() } : {}),
    ...('value' in item ? { value: item.value } : {}),
  }
}

/**
 * Path-less add/replace `{a: 1, "name.givenName": "x", "urn:…:User": {…}}` as one operation per
 * key, so that every operation has a path.
 */
export function withPaths(operations: PatchOperation[]): PatchOperation[] {
  return operations.flatMap((operation) => {
    if (operation.path !== undefined || !isRecord(operation.value)) return [operation]
    return Object.entries(operation.value).map(([path, value]) => ({
      op: operation.op,
      path,
      value,
    }))
  })
}
