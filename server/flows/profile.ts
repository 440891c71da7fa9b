import { ErrorCode } from '../../schema/errors'
import type { EmailBody, MfaBody, NameBody, PhoneBody } from '../../schema/user'
import type { UserRow, users } from '../db/schema/users'
import { passwords } from '../domain/passwords'
import { ApiError, conflict, unprocessable } from '../errors'
import { AuditAction, recordAudit } from '../repos/audit'
import { findUserById, isTaken, updateUser } from '../repos/users'
import type { FlowContext } from './context'
import { isUniqueViolation } from './unique-violation'

type Change = Partial<typeof users.$inferInsert>

export interface Editor {
  actor: UserRow
  targetId: string
}

/** Users edit themselves; editing someone else takes users.write. */
export async function loadEditable(
  ctx: FlowContext,
  { actor, targetId }: Editor,
): Promise<UserRow> {
  if (actor.id !== targetId && !actor.permissions.includes('users.write')) {
    throw new ApiError(ErrorCode.forbidden)
  }
  const target = actor.id === targetId ? actor : await findUserById(ctx.db, targetId)
  if (!target) throw new ApiError(ErrorCode.notFound, 'There is no such user.')
  return target
}

async function apply(ctx: FlowContext, editor: Editor, field: string, change: Change) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await updateUser(tx, editor.targetId, change)
      if (!row) throw new ApiError(ErrorCode.notFound, 'There is no such user.')
      await recordAudit(tx, ctx.client, {
        action: AuditAction.userUpdated,
        outcome: 'success',
        actorUserId: editor.actor.id,
        subjectUserId: editor.targetId,
        detail: { field },
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

export async function changeName(ctx: FlowContext, editor: Editor, body: NameBody) {
  await loadEditable(ctx, editor)
  const [nameFirst, nameLast] = [body.nameFirst.trim(), body.nameLast.trim()]
  if (!nameFirst || !nameLast) throw unprocessable('First and last name are both required.')
  return apply(ctx, editor, 'name', { nameFirst, nameLast })
}

/** Changing one's own address needs the current password: whoever holds the address can reset it. */
export async function changeEmail(ctx: FlowContext, editor: Editor, body: EmailBody) {
  const target = await loadEditable(ctx, editor)
  const email = body.email.trim().toLowerCase()
  if (editor.actor.id === target.id) {
    const right = await passwords.verify(target.passwordHash, body.password ?? '')
    if (!right) {
      await recordAudit(ctx.db, ctx.client, {
        action: AuditAction.userUpdated,
        outcome: 'failure',
        actorUserId: editor.actor.id,
        subjectUserId: target.id,
        detail: { field: 'email address', reason: 'wrong password' },
      })
      throw new ApiError(ErrorCode.oldPasswordWrong, 'The password is not correct.')
    }
  }
  if (await isTaken(ctx.db, 'email', email, target.id)) {
    throw conflict('That email address is already used by another account.')
  }
  return apply(ctx, editor, 'email address', { email })
}

export async function changePhone(ctx: FlowContext, editor: Editor, body: PhoneBody) {
  const target = await loadEditable(ctx, editor)
  const phone = body.phone ? body.phone : null
  if (!phone && target.use2fa) {
    throw unprocessable(
      'Two-factor authentication sends its codes to this phone. Turn it off before removing the number.',
    )
  }
  if (phone && (await isTaken(ctx.db, 'phone', phone, target.id))) {
    throw conflict('That phone number is already used by another account.')
  }
  return apply(ctx, editor, 'phone number', { phone })
}

export async function changeMfa(ctx: FlowContext, editor: Editor, body: MfaBody) {
  const target = await loadEditable(ctx, editor)
  if (body.use2FA && !target.phone) {
    throw unprocessable(
      'Add a mobile phone number before turning on two-factor authentication: the codes are sent to it.',
    )
  }
  return apply(ctx, editor, 'two-factor setting', { use2fa: body.use2FA })
}
