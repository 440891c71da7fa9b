import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Permissions } from '../../schema/permissions'
import type { Config } from '../config'
import type { Db } from '../db/types'
import { generatePassword } from '../domain/generated-password'
import { PASSWORD_HISTORY_SIZE } from '../domain/password-policy'
import { passwords } from '../domain/passwords'
import { setUserAssignments } from '../repos/access'
import { AuditAction, recordAudit } from '../repos/audit'
import { administratorRoleId, syncBuiltInRoles } from './access'
import { anyUserExists, insertUserUnlessTaken, rememberPassword } from '../repos/users'

export const INITIAL_PASSWORD_FILE = 'initial-admin-password'

/** What the first start did, so the caller can tell the operator how to sign in. */
export type AdminBootstrap =
  | { created: false }
  | { created: true; email: string; password: string; passwordFile?: string; generated: boolean }

/**
 * On an empty database, creates the administrator: INTERNAL, every permission. Without
 * ADMIN_PASSWORD a strong password is generated, written to DATA_DIR/initial-admin-password (0600,
 * readable by the operator only) and must be changed at first sign-in.
 */
export async function ensureAdministrator(db: Db, config: Config): Promise<AdminBootstrap> {
  // Every start: the built-in roles as this release defines them (docs/access.md).
  await syncBuiltInRoles(db)
  if (await anyUserExists(db)) return { created: false }
  const generated = config.adminPassword === undefined
  const password = config.adminPassword ?? generatePassword()
  const passwordHash = await passwords.hash(password)
  const now = new Date()
  const created = await db.transaction(async (tx) => {
    // Another process on the same PostgreSQL may be doing this too; the email index decides.
    const adminId = await insertUserUnlessTaken(tx, {
      nameFirst: 'Gatehouse',
      nameLast: 'Administrator',
      email: config.adminEmail,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: generated,
      permissions: [...Permissions],
      type: 'INTERNAL',
    })
    if (!adminId) return false
    // The administrator holds the Administrator role, not a list of exceptions.
    await setUserAssignments(tx, adminId, [
      { roleId: await administratorRoleId(tx), groupId: null },
    ])
    await rememberPassword(tx, adminId, passwordHash, now, PASSWORD_HISTORY_SIZE)
    const client = { ip: 'local', userAgent: 'gatehouse bootstrap' }
    await recordAudit(tx, client, {
      action: AuditAction.userCreated,
      outcome: 'success',
      subjectUserId: adminId,
      detail: { reason: 'first start', generatedPassword: generated },
    })
    return true
  })
  if (!created) return { created: false }
  if (!generated) return { created: true, email: config.adminEmail, password, generated }
  await mkdir(config.dataDir, { recursive: true })
  const passwordFile = path.join(config.dataDir, INITIAL_PASSWORD_FILE)
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
  // An older file keeps its mode on overwrite; make sure it is ours alone.
  await chmod(passwordFile, 0o600)
  return { created: true, email: config.adminEmail, password, passwordFile, generated }
}

/** The lines that tell an operator how to sign in after the first start. */
export function signInInstructions(bootstrap: AdminBootstrap, url: string): string {
  if (!bootstrap.created) return ''
  const where = bootstrap.generated
    ? `password: ${bootstrap.password}\n  (printed only this once; also in ${bootstrap.passwordFile}, ` +
      'readable by you only. You will be asked to change it at first sign-in.)'
    : 'password: the one in ADMIN_PASSWORD'
  return [
    'Gatehouse created the administrator account.',
    `  sign in at: ${url}`,
    `  username: ${bootstrap.email}`,
    `  ${where}`,
    '',
  ].join('\n')
}
