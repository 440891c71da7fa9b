import { ErrorCode } from '../../schema/errors'
import {
  type CreateServiceBody,
  type ServiceChange,
  type ServiceField,
  validateServiceDescription,
  validateServiceKey,
  validateServiceName,
  validateServiceUrl,
  validateBackchannelUri,
  validateRedirectUris,
} from '../../schema/service'
import { SERVICE_FIELDS } from '../../schema/service-fields'
import type { ServiceRow } from '../db/schema/services'
import type { Db } from '../db/types'
import { ApiError, conflict, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { insertService, isKeyTaken, lockService, updateService } from '../repos/services'
import type { UseCaseContext } from './context'
import { isUniqueViolation } from './unique-violation'

export const noSuchService = () => new ApiError(ErrorCode.notFound, 'There is no such service.')

/** 409: a deleted service keeps its data as it was until it is restored. */
export const deletedService = () => conflict('Restore the service before editing it.')

const keyTaken = (key: string) => conflict(`The key '${key}' is already used by another service.`)

/** 422 naming the field by its label, with the rule's message the console shows next to it. */
function check(field: ServiceField, problem: string | undefined) {
  if (problem) throw unprocessable(`${SERVICE_FIELDS[field].label}: ${problem}.`)
}

/** Runs `work` in a transaction; the key's unique index settles two claims to one key with a 409. */
async function claimingKey<T>(ctx: UseCaseContext, key: string, work: (tx: Db) => Promise<T>) {
  try {
    return await ctx.db.transaction(work)
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken(key)
    throw error
  }
}

/**
 * Registers a service. Only the key is required (SPEC.md §5: the New Service form requires
 * nothing); an empty name becomes the key, and the timeouts take their defaults (SERVICE_FIELDS).
 */
export async function createService(
  ctx: UseCaseContext,
  actorId: string,
  body: CreateServiceBody,
): Promise<ServiceRow> {
  const key = body.key.trim()
  check('key', validateServiceKey(key))
  const name = body.name?.trim() || key
  const description = body.description?.trim() ?? ''
  const url = body.url?.trim() ?? ''
  check('name', validateServiceName(name, false))
  check('description', validateServiceDescription(description, false))
  check('url', validateServiceUrl(url, false))
  const values = {
    key,
    name,
    description,
    url,
    accessTokenTimeout: body.accessTokenTimeout ?? SERVICE_FIELDS.accessTokenTimeout.default,
    refreshTokenTimeout: body.refreshTokenTimeout ?? SERVICE_FIELDS.refreshTokenTimeout.default,
  }
  return claimingKey(ctx, key, async (tx) => {
    if (await isKeyTaken(tx, key)) throw keyTaken(key)
    const row = await insertService(tx, values)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.serviceCreated,
      outcome: 'success',
      actorUserId: actorId,
      detail: { serviceId: row.id, key, name },
    })
    return row
  })
}

/** The value to store for `field`, trimmed and checked: on edit every text field is required. */
function normalize<F extends ServiceField>(field: F, value: ServiceChange[F]): ServiceChange[F] {
  if (Array.isArray(value)) {
    // Trimmed, blanks dropped, each address once, in the order given.
    const list = [...new Set(value.map((uri: string) => uri.trim()).filter(Boolean))]
    check(field, validateRedirectUris(list))
    return list as ServiceChange[F]
  }
  if (field === 'backchannelLogoutUri') {
    const trimmed = String(value).trim()
    check(field, validateBackchannelUri(trimmed))
    return trimmed as ServiceChange[F]
  }
  if (typeof value !== 'string' || field === 'clientType') return value
  const trimmed = value.trim()
  const rules = {
    key: validateServiceKey,
    name: validateServiceName,
    description: validateServiceDescription,
    url: validateServiceUrl,
  }
  check(field, rules[field as keyof typeof rules](trimmed))
  return trimmed as ServiceChange[F]
}

/**
 * Changes one field of a service (PUT /v1/service/:id/<field>). Setting the value it already has
 * changes nothing and writes no audit row. A deleted service is refused until it is restored.
 */
export async function changeService<F extends ServiceField>(
  ctx: UseCaseContext,
  actorId: string,
  id: string,
  field: F,
  given: ServiceChange[F],
): Promise<ServiceRow> {
  const value = normalize(field, given)
  // Only the key has a unique index, so only a key change can end in its 409.
  return claimingKey(ctx, String(value), async (tx) => {
    const current = await lockService(tx, id)
    if (!current) throw noSuchService()
    if (current.deleted) throw deletedService()
    const from = current[field]
    if (JSON.stringify(from) === JSON.stringify(value)) return current
    if (field === 'key' && (await isKeyTaken(tx, String(value), id))) {
      throw keyTaken(String(value))
    }
    const row = await updateService(tx, id, { [field]: value })
    if (!row) throw noSuchService()
    await recordAudit(tx, ctx.client, {
      action: AuditAction.serviceUpdated,
      outcome: 'success',
      actorUserId: actorId,
      detail: { serviceId: id, key: current.key, field, from, to: value },
    })
    return row
  })
}

/** Soft delete and restore: sets `deleted`; asking for the state it is in already changes nothing. */
async function setDeleted(ctx: UseCaseContext, actorId: string, id: string, deleted: boolean) {
  return ctx.db.transaction(async (tx) => {
    const current = await lockService(tx, id)
    if (!current) throw noSuchService()
    if (current.deleted === deleted) return current
    const row = await updateService(tx, id, { deleted })
    if (!row) throw noSuchService()
    await recordAudit(tx, ctx.client, {
      action: deleted ? AuditAction.serviceDeleted : AuditAction.serviceRestored,
      outcome: 'success',
      actorUserId: actorId,
      detail: { serviceId: id, key: current.key },
    })
    return row
  })
}

export const deleteService = (ctx: UseCaseContext, actorId: string, id: string) =>
  setDeleted(ctx, actorId, id, true)

export const restoreService = (ctx: UseCaseContext, actorId: string, id: string) =>
  setDeleted(ctx, actorId, id, false)
