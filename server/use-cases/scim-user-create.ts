import type { UserType } from '../../schema/permissions'
import type { UserRow } from '../db/schema/users'
import { ScimError } from '../domain/scim-errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { insertUsers, takenUserField, takenUserValues, type UniqueField } from '../repos/scim'
import { insertUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { queueResetLink } from './password-reset'
import { assertUsersWrite, unusablePasswordHash } from './scim-common'
import { readScimUser, type ScimUserFields } from './scim-user-input'
import { type ScimUserOutcome, SOURCE, uniquely, uniqueness } from './scim-users'
import { changesOf, mayManage } from './staff-rules'
import { isUniqueViolation } from './unique-violation'

/*
 * Provisioning users through SCIM (docs/scim.md): one (POST /Users) or many of one Bulk request
 * at once, with the console's invitation rules and no password of their own.
 */

/**
 * POST /Users: a user without a usable password (scim-common unusablePasswordHash); the
 * invitation mail (a 72-hour link to choose one) only when the Gatehouse extension asks for it.
 */
export async function createScimUser(
  ctx: UseCaseContext,
  actor: UserRow,
  body: unknown,
): Promise<ScimUserOutcome> {
  assertUsersWrite(actor)
  const fields = readScimUser(body)
  const type = fields.type ?? actor.type
  if (!mayManage(actor, { type }))
    throw new ScimError(403, 'Only internal staff can create internal users.')
  const passwordHash = await unusablePasswordHash()
  const now = new Date()
  return uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const taken = await takenUserField(tx, fields, null)
      if (taken) throw uniqueness(taken)
      const disabled = fields.active === false
      const profile = {
        nameFirst: fields.nameFirst,
        nameLast: fields.nameLast,
        email: fields.email,
        phone: fields.phone,
        externalId: fields.externalId,
        type,
      }
      const row = await insertUser(tx, {
        ...profile,
        passwordHash,
        passwordChangedAt: now,
        disabledAt: disabled ? now : null,
        permissions: [],
        directPermissions: [],
      })
      const invited = fields.sendInvitation && !disabled
      const mails = invited ? [await queueResetLink(tx, ctx, row, now, 'invited')] : []
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userCreated,
        outcome: 'success',
        actorUserId: actor.id,
        subjectUserId: row.id,
        detail: {
          source: SOURCE,
          invited,
          changes: changesOf({}, { ...profile, ...(disabled ? { disabled: true } : {}) }),
        },
      })
      return { user: row, endedSessions: [], mails }
    }),
  )
}

interface Prepared {
  fields: ScimUserFields
  type: UserType
}

/**
 * Many POST /Users of one Bulk request at once (use-cases/scim-bulk.ts): each body is read and
 * checked for uniqueness (against the table and the earlier bodies) on its own, then the valid
 * ones are inserted together, each with its own audit row. Answers one result per body, up to
 * where `errorsLeft` failures stop the request (the rest are not attempted). Should the insert
 * still meet a taken value (another request at the same moment), the bodies are created one by
 * one instead, so every answer stays true.
 */
export async function createScimUsers(
  ctx: UseCaseContext,
  actor: UserRow,
  bodies: readonly unknown[],
  errorsLeft = Infinity,
): Promise<(ScimUserOutcome | ScimError)[]> {
  assertUsersWrite(actor)
  const passwordHash = await unusablePasswordHash()
  const prepared = bodies.map((body): Prepared | ScimError => {
    try {
      const fields = readScimUser(body)
      const type = fields.type ?? actor.type
      if (!mayManage(actor, { type }))
        throw new ScimError(403, 'Only internal staff can create internal users.')
      return { fields, type }
    } catch (error) {
      if (error instanceof ScimError) return error
      throw error
    }
  })
  const valid = prepared.filter((p): p is Prepared => !(p instanceof ScimError))
  const taken = await takenUserValues(ctx.db, {
    emails: valid.map((p) => p.fields.email),
    phones: valid.flatMap((p) => (p.fields.phone ? [p.fields.phone] : [])),
    externalIds: valid.flatMap((p) => (p.fields.externalId ? [p.fields.externalId] : [])),
  })
  const results: (ScimError | Prepared)[] = []
  let errors = 0
  for (const item of prepared) {
    if (errors >= errorsLeft) break
    let outcome: typeof item = item
    if (!(item instanceof ScimError)) {
      const { email, phone, externalId } = item.fields
      const field: UniqueField | undefined = taken.emails.has(email)
        ? 'email'
        : phone && taken.phones.has(phone)
          ? 'phone'
          : externalId && taken.externalIds.has(externalId)
            ? 'externalId'
            : undefined
      if (field) outcome = uniqueness(field)
      else {
        taken.emails.add(email)
        if (phone) taken.phones.add(phone)
        if (externalId) taken.externalIds.add(externalId)
      }
    }
    if (outcome instanceof ScimError) errors++
    results.push(outcome)
  }
  const now = new Date()
  const toCreate = results.filter((r): r is Prepared => !(r instanceof ScimError))
  let created: ScimUserOutcome[]
  try {
    created = await ctx.db.transaction(async (tx) => {
      const rows = await insertUsers(
        tx,
        toCreate.map(({ fields, type }) => ({
          nameFirst: fields.nameFirst,
          nameLast: fields.nameLast,
          email: fields.email,
          phone: fields.phone,
          externalId: fields.externalId,
          type,
          passwordHash,
          passwordChangedAt: now,
          disabledAt: fields.active === false ? now : null,
          permissions: [],
          directPermissions: [],
        })),
      )
      const byEmail = new Map(rows.map((row) => [row.email, row]))
      const outcomes: ScimUserOutcome[] = []
      for (const { fields, type } of toCreate) {
        const row = byEmail.get(fields.email)!
        const disabled = fields.active === false
        const invited = fields.sendInvitation && !disabled
        const mails = invited ? [await queueResetLink(tx, ctx, row, now, 'invited')] : []
        const profile = {
          nameFirst: row.nameFirst,
          nameLast: row.nameLast,
          email: row.email,
          phone: row.phone,
          externalId: row.externalId,
          type,
        }
        await recordAudit(tx, ctx.client, {
          action: AuditAction.userCreated,
          outcome: 'success',
          actorUserId: actor.id,
          subjectUserId: row.id,
          detail: {
            source: SOURCE,
            invited,
            changes: changesOf({}, { ...profile, ...(disabled ? { disabled: true } : {}) }),
          },
        })
        outcomes.push({ user: row, endedSessions: [], mails })
      }
      return outcomes
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const oneByOne: (ScimUserOutcome | ScimError)[] = []
    let failures = 0
    for (const body of bodies) {
      if (failures >= errorsLeft) break
      try {
        oneByOne.push(await createScimUser(ctx, actor, body))
      } catch (failure) {
        if (!(failure instanceof ScimError)) throw failure
        oneByOne.push(failure)
        failures++
      }
    }
    return oneByOne
  }
  let next = 0
  return results.map((r) => (r instanceof ScimError ? r : created[next++]!))
}
