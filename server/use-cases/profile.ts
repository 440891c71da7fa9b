import { ErrorCode } from '../../schema/errors'
import type { EmailBody, MfaBody, NameBody, PhoneBody } from '../../schema/user'
import type { UserRow, users } from '../db/schema/users'
import { ApiError, conflict, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { mfaPolicyOf } from '../repos/mfa-policies'
import { findUserSeenBy, isTaken, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { dropOrphanedCodes } from './authenticator'
import { recheckForChange } from './recheck'
import { changesOf, internalOnly, mayManage, noSuchUser } from './staff-rules'
import { isUniqueViolation } from './unique-violation'
import { requestEmailChange } from './email-verification'

type Change = Partial<typeof users.$inferInsert>

export interface Editor {
  actor: UserRow
  targetId: string
}

/**
 * Users edit themselves; editing someone else takes users.write, and EXTERNAL staff edit EXTERNAL
 * users only.
 */
export async function loadEditable(
  ctx: UseCaseContext,
  { actor, targetId }: Editor,
): Promise<UserRow> {
  if (actor.id !== targetId && !actor.permissions.includes('users.write')) {
    throw new ApiError(ErrorCode.forbidden)
  }
  const target =
    actor.id === targetId ? actor : await findUserSeenBy(ctx.db, actor, targetId, 'users.write')
  if (!target) throw noSuchUser()
  if (!mayManage(actor, target)) throw internalOnly()
  return target
}

/** The profile fields as the API names them, for the audit's before → after. */
const apiName: Partial<Record<keyof Change, string>> = { use2fa: 'use2FA' }

async function apply(
  ctx: UseCaseContext,
  editor: Editor,
  target: UserRow,
  field: string,
  change: Change,
  detail: Record<string, unknown> = {},
) {
  const named = (source: Record<string, unknown>) =>
    Object.fromEntries(
      Object.keys(change).map((key) => [apiName[key as keyof Change] ?? key, source[key]]),
    )
  const changes = changesOf(named(target), named(change))
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await updateUser(tx, editor.targetId, change)
      if (!row) throw noSuchUser()
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userUpdated,
        outcome: 'success',
        actorUserId: editor.actor.id,
        subjectUserId: editor.targetId,
        detail: { field, ...detail, changes },
      })
      return row
    })
  } catch (error) {
    // Two people taking one address at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error))
      throw conflict(`That ${field} is already used by another account.`)
    throw error
  }
}

export async function changeName(ctx: UseCaseContext, editor: Editor, body: NameBody) {
  const target = await loadEditable(ctx, editor)
  const [nameFirst, nameLast] = [body.nameFirst.trim(), body.nameLast.trim()]
  if (!nameFirst || !nameLast) throw unprocessable('First and last name are both required.')
  return apply(ctx, editor, target, 'name', { nameFirst, nameLast })
}

/**
 * Users changing their own address, phone or two-factor setting re-enter their password: whoever
 * holds the address can reset the password, and whoever holds the phone receives the codes, so a
 * borrowed session must not be enough to move either. Staff editing someone else are not asked.
 * The re-check counts like a sign-in (use-cases/recheck.ts).
 */
async function confirmOwnPassword(
  ctx: UseCaseContext,
  editor: Editor,
  target: UserRow,
  field: string,
  password: string | undefined,
) {
  if (editor.actor.id !== target.id) return
  await recheckForChange(ctx, target, password ?? '', field)
}

/**
 * Users change their own address at once (with their password). Staff changing someone else's do
 * not: the address waits in pendingEmail until its owner opens the link mailed to it, and the old
 * address hears of it, so users.write cannot quietly move an account to a mailbox it controls.
 */
export async function changeEmail(ctx: UseCaseContext, editor: Editor, body: EmailBody) {
  const target = await loadEditable(ctx, editor)
  const email = body.email.trim().toLowerCase()
  await confirmOwnPassword(ctx, editor, target, 'email address', body.password)
  if (await isTaken(ctx.db, 'email', email, target.id)) {
    throw conflict('That email address is already used by another account.')
  }
  if (editor.actor.id !== target.id) return requestEmailChange(ctx, editor.actor, target, email)
  return apply(ctx, editor, target, 'email address', { email })
}

export async function changePhone(ctx: UseCaseContext, editor: Editor, body: PhoneBody) {
  const target = await loadEditable(ctx, editor)
  const phone = body.phone ? body.phone : null
  await confirmOwnPassword(ctx, editor, target, 'phone number', body.password)
  if (!phone && target.use2fa) {
    throw unprocessable(
      'Two-factor authentication sends its codes to this phone. Turn it off before removing the number.',
    )
  }
  if (phone && (await isTaken(ctx.db, 'phone', phone, target.id))) {
    throw conflict('That phone number is already used by another account.')
  }
  return apply(ctx, editor, target, 'phone number', { phone }, { cleared: phone === null })
}

export async function changeMfa(ctx: UseCaseContext, editor: Editor, body: MfaBody) {
  const target = await loadEditable(ctx, editor)
  await confirmOwnPassword(ctx, editor, target, 'two-factor setting', body.password)
  if (body.use2FA && !target.phone) {
    throw unprocessable(
      'Add a mobile phone number before turning on two-factor authentication: the codes are sent to it.',
    )
  }
  // Staff may take it away (the owner is led to enrol again); the owner may not leave themselves bare.
  const self = editor.actor.id === target.id
  if (self && !body.use2FA && target.use2fa && !target.authenticatorAt) {
    const policy = await mfaPolicyOf(ctx.db, target.type)
    if (policy.mode === 'required') {
      throw unprocessable(
        'Your organisation requires a second factor: set up an authenticator app before turning this off.',
      )
    }
  }
  const row = await apply(
    ctx,
    editor,
    target,
    'two-factor setting',
    { use2fa: body.use2FA },
    { use2FA: body.use2FA },
  )
  // Recovery codes stand in for a factor; with none left they go.
  if (!body.use2FA) await dropOrphanedCodes(ctx.db, target.id)
  return row
}
