import { randomBytes } from 'node:crypto'
import type { CreateSecretBody, ServiceSecret } from '../../schema/service-secret'
import type { ServiceSecretRow } from '../db/schema/oidc'
import { ApiError, conflict, unprocessable } from '../errors'
import { ErrorCode } from '../../schema/errors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  deleteServiceSecret,
  expireServiceSecrets,
  insertServiceSecret,
  liveServiceSecrets,
} from '../repos/service-secrets'
import { findServiceById, lockService } from '../repos/services'
import type { UseCaseContext } from './context'
import { hashSecret } from './oidc-clients'
import { deletedService, noSuchService } from './services'

/** The previous secrets' overlap when a rotation names none: a day. */
export const DEFAULT_OVERLAP_HOURS = 24

export const toSecret = (row: ServiceSecretRow): ServiceSecret => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
})

/** The secrets that still work, oldest first. */
export async function listSecrets(ctx: UseCaseContext, serviceId: string) {
  if (!(await findServiceById(ctx.db, serviceId))) throw noSuchService()
  return (await liveServiceSecrets(ctx.db, serviceId)).map(toSecret)
}

/**
 * A new secret for a confidential service (256 random bits, base64url), answered this once and
 * stored as its SHA-256. The secrets that worked until now keep working for the overlap, so the
 * service can switch without an outage (docs/sso.md, "Secrets").
 */
export async function createSecret(
  ctx: UseCaseContext,
  actorId: string,
  serviceId: string,
  body: CreateSecretBody,
): Promise<{ secret: ServiceSecret; value: string }> {
  const name = body.name.trim()
  if (!name) throw unprocessable('Name: Required.')
  const overlapHours = body.overlapHours ?? DEFAULT_OVERLAP_HOURS
  const value = randomBytes(32).toString('base64url')
  return ctx.db.transaction(async (tx) => {
    const service = await lockService(tx, serviceId)
    if (!service) throw noSuchService()
    if (service.deleted) throw deletedService()
    if (service.clientType !== 'confidential') {
      throw conflict('Only a confidential service has secrets; make it confidential first.')
    }
    const until = new Date(Date.now() + overlapHours * 3_600_000)
    await expireServiceSecrets(tx, serviceId, until)
    const row = await insertServiceSecret(tx, { serviceId, name, hash: hashSecret(value) })
    await recordAudit(tx, ctx.client, {
      action: AuditAction.serviceSecretCreated,
      outcome: 'success',
      actorUserId: actorId,
      detail: { serviceId, serviceKey: service.key, secretId: row.id, name, overlapHours },
    })
    return { secret: toSecret(row), value }
  })
}

/** Revokes one secret at once (DELETE /v1/service/:id/secrets/:secretId). */
export async function revokeSecret(
  ctx: UseCaseContext,
  actorId: string,
  serviceId: string,
  secretId: string,
) {
  await ctx.db.transaction(async (tx) => {
    const service = await lockService(tx, serviceId)
    if (!service) throw noSuchService()
    const row = await deleteServiceSecret(tx, serviceId, secretId)
    if (!row) throw new ApiError(ErrorCode.notFound, 'There is no such secret.')
    await recordAudit(tx, ctx.client, {
      action: AuditAction.serviceSecretRevoked,
      outcome: 'success',
      actorUserId: actorId,
      detail: { serviceId, serviceKey: service.key, secretId, name: row.name },
    })
  })
}
