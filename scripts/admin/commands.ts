import { isEmail, normalizeUsername } from '../../schema/rules'
import type { Config } from '../../server/config'
import type { Db } from '../../server/db/types'
import { generatePassword } from '../../server/domain/generated-password'
import { passwords } from '../../server/domain/passwords'
import type { UseCaseContext } from '../../server/use-cases/context'
import { storeNewPassword } from '../../server/use-cases/new-password'
import { queueResetLink } from '../../server/use-cases/password-reset'
import { unlockAccount } from '../../server/use-cases/unlock'
import { deliverDue } from '../../server/outbox/delivery'
import { enqueueMessage } from '../../server/repos/outbox'
import { transportsFor } from '../../server/outbox/transports'
import { AuditAction, recordAudit } from '../../server/repos/audit'
import { retireResetTokens } from '../../server/repos/reset-tokens'
import { revokeUserSessions } from '../../server/repos/sessions'
import { findUserByUsername, updateUser } from '../../server/repos/users'

/** A refusal the operator can act on: printed as one line, exit code 1. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError'
}

/** How the audit log names the operator at the terminal (there is no signed-in user). */
export const ADMIN_COMMAND_CLIENT = { ip: 'local', userAgent: 'gatehouse admin command' }

/**
 * A use-case context outside the server: the same database, configuration and outbox table, with
 * delivery through the configured transports at once (the log transport prints to `print`).
 */
export function commandContext(db: Db, config: Config, print: (text: string) => void) {
  const { transports, close: closeTransports } = transportsFor(config, print)
  const deliver = async (ids: string[]) => void (await deliverDue(db, transports, ids))
  // Work a use case leaves for after its answer; the command has no answer to hurry, so close waits for it.
  const later: Promise<void>[] = []
  const close = async () => {
    await Promise.all(later)
    closeTransports()
  }
  const ctx: UseCaseContext = {
    db,
    config,
    client: ADMIN_COMMAND_CLIENT,
    outbox: {
      enqueue: (tx, message) => enqueueMessage(tx, message),
      deliverNow: deliver,
      afterAnswer: (queue) => {
        later.push(db.transaction((tx) => queue(tx)).then((id) => (id ? deliver([id]) : undefined)))
      },
    },
  }
  return { ctx, close }
}

async function accountOf(db: Db, email: string) {
  const address = normalizeUsername(email)
  if (!isEmail(address)) throw new AdminCommandError(`"${email}" is not an email address.`)
  const user = await findUserByUsername(db, { email: address })
  if (!user) throw new AdminCommandError(`No account has the email ${address}.`)
  return user
}

/** `unlock <email>`: as POST /v1/user/:id/unlock does, lifts the lock and emails a reset link. */
export async function unlockCommand(ctx: UseCaseContext, email: string) {
  const user = await accountOf(ctx.db, email)
  const { unlocked } = await unlockAccount(ctx, user.id, null)
  return { email: user.email, unlocked }
}

/**
 * `reset-password <email>`: the break-glass for a lost last administrator. Sets a generated
 * password that must be changed at the next sign-in, lifts any lock, ends the account's sessions
 * and outstanding reset links, and answers the password for the operator to hand over. It needs
 * no working mail, which is often what an operator recovering the last administrator lacks.
 */
export async function resetPasswordCommand(ctx: UseCaseContext, email: string) {
  const user = await accountOf(ctx.db, email)
  const password = generatePassword()
  const passwordHash = await passwords.hash(password)
  const now = new Date()
  await ctx.db.transaction(async (tx) => {
    await storeNewPassword(tx, user.id, passwordHash, now, { unlock: true })
    await updateUser(tx, user.id, { mustChangePassword: true })
    await retireResetTokens(tx, user.id, now)
    const ended = await revokeUserSessions(tx, user.id)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.passwordReset,
      outcome: 'success',
      subjectUserId: user.id,
      detail: { via: 'admin command', generated: true, sessionsEnded: ended.length },
    })
  })
  return { email: user.email, password }
}

/** `reset-password <email> --mail`: sends the owner a reset link instead, as the console would. */
export async function mailResetLinkCommand(ctx: UseCaseContext, email: string) {
  const user = await accountOf(ctx.db, email)
  const messageId = await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, ctx.client, {
      action: AuditAction.passwordResetRequested,
      outcome: 'success',
      subjectUserId: user.id,
      detail: { via: 'admin command', email: user.email, result: 'sent' },
    })
    return queueResetLink(tx, ctx, user)
  })
  await ctx.outbox.deliverNow([messageId])
  return { email: user.email }
}
