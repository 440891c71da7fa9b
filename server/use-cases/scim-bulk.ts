import { SCIM_LIMITS, SCIM_SCHEMAS } from '../../schema/scim'
import type { UserRow } from '../db/schema/users'
import { ScimError } from '../domain/scim-errors'
import { groupVersion, userVersion } from '../presenters/scim'
import type { UseCaseContext } from './context'
import { createScimGroup, deleteScimGroup, patchScimGroup, replaceScimGroup } from './scim-groups'
import { assertUsersWrite } from './scim-common'
import { createScimUser, createScimUsers } from './scim-user-create'
import {
  deleteScimUser,
  patchScimUser,
  replaceScimUser,
  scimBase,
  type ScimUserOutcome,
} from './scim-users'

/*
 * Bulk (RFC 7644 §3.7; docs/scim.md): up to 1,000 operations in one transaction, each in its own
 * savepoint (the use cases' transactions nest), so a failed one leaves nothing of itself and the
 * others stand. `bulkId:<id>` in a later operation's path or data names what an earlier POST made.
 * failOnErrors stops after that many failures.
 */

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

interface Operation {
  method: Method
  bulkId?: string
  version?: string
  path: string
  data?: unknown
}

export interface BulkResult {
  method: Method
  bulkId?: string
  location?: string
  version?: string
  status: string
  response?: unknown
}

const invalid = (detail: string) => new ScimError(400, detail, 'invalidValue')
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readRequest(body: unknown): { operations: unknown[]; failOnErrors?: number } {
  if (!isRecord(body))
    throw new ScimError(400, 'The body must be a BulkRequest object.', 'invalidSyntax')
  const operations = body.Operations
  if (!Array.isArray(operations))
    throw new ScimError(400, 'A BulkRequest needs Operations (a list).', 'invalidSyntax')
  if (operations.length > SCIM_LIMITS.bulkOperations)
    throw new ScimError(
      413,
      `A BulkRequest carries at most ${SCIM_LIMITS.bulkOperations} operations; this one has ${operations.length}.`,
      'tooMany',
    )
  const fail = body.failOnErrors
  if (fail !== undefined && fail !== null && !(Number.isInteger(fail) && (fail as number) >= 0))
    throw invalid('failOnErrors must be a whole number.')
  return { operations, failOnErrors: typeof fail === 'number' && fail > 0 ? fail : undefined }
}

function readOperation(raw: unknown): Operation {
  if (!isRecord(raw)) throw new ScimError(400, 'Each operation is an object.', 'invalidSyntax')
  const method = typeof raw.method === 'string' ? raw.method.toUpperCase() : ''
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
    throw invalid('An operation’s method is POST, PUT, PATCH or DELETE.')
  if (typeof raw.path !== 'string' || raw.path.length > 300)
    throw invalid('An operation needs a path such as /Users or /Groups/<id>.')
  const text = (name: string) => {
    const value = raw[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || value.length > 200)
      throw invalid(`${name} must be a short string.`)
    return value
  }
  return {
    method: method as Method,
    bulkId: text('bulkId'),
    version: text('version'),
    path: raw.path,
    data: raw.data,
  }
}

/** `bulkId:<id>` strings in `value` (at any depth) with the ids earlier operations made. */
function resolve(value: unknown, made: Map<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith('bulkId:')) {
    const id = made.get(value.slice('bulkId:'.length))
    if (!id) throw invalid(`${value} names no earlier successful POST of this request.`)
    return id
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, made))
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, made)]))
  return value
}

const PATH = /^\/(Users|Groups)(?:\/([^/]+))?$/

/**
 * The POST /Users operations from `start` on that need nothing of each other (no bulkId
 * reference in their data): created together by createScimUsers, which answers each on its own.
 */
function plainCreatesFrom(
  operations: readonly unknown[],
  start: number,
  actor: UserRow,
): { bulkId: string; data: unknown }[] {
  try {
    assertUsersWrite(actor)
  } catch {
    return []
  }
  const run: { bulkId: string; data: unknown }[] = []
  for (const raw of operations.slice(start)) {
    if (
      !isRecord(raw) ||
      typeof raw.method !== 'string' ||
      raw.method.toUpperCase() !== 'POST' ||
      raw.path !== '/Users' ||
      typeof raw.bulkId !== 'string' ||
      raw.bulkId === '' ||
      raw.bulkId.length > 200 ||
      JSON.stringify(raw.data ?? null).includes('"bulkId:')
    )
      break
    run.push({ bulkId: raw.bulkId, data: raw.data })
  }
  return run
}

export interface BulkOutcome {
  results: BulkResult[]
  endedSessions: string[]
  mails: string[]
}

export async function runScimBulk(
  ctx: UseCaseContext,
  actor: UserRow,
  body: unknown,
): Promise<BulkOutcome> {
  // Every operation needs it; a token without it is refused at the door rather than per operation.
  assertUsersWrite(actor)
  const { operations, failOnErrors } = readRequest(body)
  const base = scimBase(ctx)
  const made = new Map<string, string>()
  const results: BulkResult[] = []
  const ended: string[] = []
  const mails: string[] = []
  let errors = 0
  await ctx.db.transaction(async (tx) => {
    const inner: UseCaseContext = { ...ctx, db: tx }
    for (let index = 0; index < operations.length; index++) {
      if (failOnErrors !== undefined && errors >= failOnErrors) break
      const run = plainCreatesFrom(operations, index, actor)
      if (run.length > 1) {
        const outcomes = await createScimUsers(
          inner,
          actor,
          run.map((op) => op.data),
          failOnErrors === undefined ? Infinity : failOnErrors - errors,
        )
        outcomes.forEach((outcome, k) => {
          const bulkId = run[k]!.bulkId
          if (outcome instanceof ScimError) {
            errors++
            results.push({
              method: 'POST',
              bulkId,
              status: String(outcome.status),
              response: outcome.toBody(),
            })
            return
          }
          made.set(bulkId, outcome.user.id)
          mails.push(...outcome.mails)
          results.push({
            method: 'POST',
            bulkId,
            location: `${base}/Users/${outcome.user.id}`,
            version: userVersion(outcome.user),
            status: '201',
          })
        })
        index += outcomes.length - 1
        continue
      }
      const raw = operations[index]
      const method = isRecord(raw) && typeof raw.method === 'string' ? raw.method.toUpperCase() : ''
      const bulkId = isRecord(raw) && typeof raw.bulkId === 'string' ? raw.bulkId : undefined
      try {
        const op = readOperation(raw)
        const match = PATH.exec(op.path)
        if (!match) throw invalid(`${op.path} is not /Users, /Groups or one of theirs.`)
        const kind = match[1]
        const id = match[2] === undefined ? undefined : (resolve(match[2], made) as string)
        if ((op.method === 'POST') !== (id === undefined))
          throw invalid(
            `${op.method} ${op.path}: POST goes to /${kind}, the others to /${kind}/<id>.`,
          )
        if (op.method === 'POST' && !op.bulkId)
          throw invalid('A POST in a BulkRequest needs a bulkId.')
        const data = resolve(op.data, made)
        const result = await (kind === 'Users'
          ? runUser(inner, actor, op, id, data)
          : runGroup(inner, actor, op, id, data))
        if ('outcome' in result && result.outcome) {
          ended.push(...result.outcome.endedSessions)
          mails.push(...result.outcome.mails)
        }
        if (op.method === 'POST' && op.bulkId && result.id) made.set(op.bulkId, result.id)
        results.push({
          method: op.method,
          ...(op.bulkId ? { bulkId: op.bulkId } : {}),
          ...(result.id ? { location: `${base}/${kind}/${result.id}` } : {}),
          ...(result.version ? { version: result.version } : {}),
          status: result.status,
        })
      } catch (error) {
        if (!(error instanceof ScimError)) throw error
        errors++
        results.push({
          method: (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? method : 'POST') as Method,
          ...(bulkId ? { bulkId } : {}),
          status: String(error.status),
          response: error.toBody(),
        })
      }
    }
  })
  return { results, endedSessions: ended, mails }
}

interface OneResult {
  id?: string
  version?: string
  status: string
  outcome?: ScimUserOutcome
}

async function runUser(
  ctx: UseCaseContext,
  actor: UserRow,
  op: Operation,
  id: string | undefined,
  data: unknown,
): Promise<OneResult> {
  const done = (outcome: ScimUserOutcome, status: string): OneResult => ({
    id: outcome.user.id,
    version: userVersion(outcome.user),
    status,
    outcome,
  })
  switch (op.method) {
    case 'POST':
      return done(await createScimUser(ctx, actor, data), '201')
    case 'PUT':
      return done(await replaceScimUser(ctx, actor, id!, data, op.version), '200')
    case 'PATCH':
      return done(await patchScimUser(ctx, actor, id!, data, op.version), '200')
    case 'DELETE':
      return {
        ...done(await deleteScimUser(ctx, actor, id!, op.version), '204'),
        version: undefined,
      }
  }
}

async function runGroup(
  ctx: UseCaseContext,
  actor: UserRow,
  op: Operation,
  id: string | undefined,
  data: unknown,
): Promise<OneResult> {
  const done = (group: Awaited<ReturnType<typeof createScimGroup>>, status: string): OneResult => ({
    id: group.id,
    version: groupVersion(group, group.members),
    status,
  })
  switch (op.method) {
    case 'POST':
      return done(await createScimGroup(ctx, actor, data), '201')
    case 'PUT':
      return done(await replaceScimGroup(ctx, actor, id!, data, op.version), '200')
    case 'PATCH':
      return done(await patchScimGroup(ctx, actor, id!, data, op.version), '200')
    case 'DELETE':
      await deleteScimGroup(ctx, actor, id!, op.version)
      return { id, status: '204' }
  }
}

export const bulkResponse = (results: BulkResult[]) => ({
  schemas: [SCIM_SCHEMAS.bulkResponse],
  Operations: results,
})
