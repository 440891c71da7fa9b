import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Permission } from '../../schema/permissions'
import { signInCounters } from '../../server/db/schema/sign-in-guards'
import { users, type UserRow } from '../../server/db/schema/users'
import { passwords } from '../../server/domain/passwords'
import { rememberPassword } from '../../server/repos/users'
import type { TestApp } from './helper'

let counter = 0

/** A user straight in the database; the password is hashed as the server does. */
export async function createUser(
  t: TestApp,
  fields: {
    email?: string
    phone?: string | null
    password?: string
    use2fa?: boolean
    permissions?: Permission[]
    type?: 'INTERNAL' | 'EXTERNAL'
  } = {},
): Promise<UserRow & { password: string }> {
  counter += 1
  const password = fields.password ?? `Secret#${counter}word`
  const passwordHash = await passwords.hash(password)
  const now = new Date()
  const [row] = await t.db
    .insert(users)
    .values({
      nameFirst: 'Test',
      nameLast: `User${counter}`,
      email: fields.email ?? `user${counter}.${Date.now()}@example.com`,
      phone: fields.phone ?? null,
      passwordHash,
      passwordChangedAt: now,
      permissions: fields.permissions ?? [],
      directPermissions: fields.permissions ?? [],
      type: fields.type ?? 'INTERNAL',
      use2fa: fields.use2fa ?? false,
    })
    .returning()
  if (!row) throw new Error('user not created')
  await rememberPassword(t.db, row.id, passwordHash, now, 5)
  return { ...row, password }
}

let phones = 0

/** A ten-digit phone number no other test in the file uses. */
export const uniquePhone = () => `55500${String(++phones).padStart(5, '0')}`

/** expect.any(String) typed as a string, so asymmetric matchers do not spread `any` in literals. */
export function anyString(): string {
  const matcher: unknown = expect.any(String)
  return matcher as string
}

/** expect.stringMatching typed as a string, for the same reason. */
export function stringMatching(pattern: RegExp): string {
  const matcher: unknown = expect.stringMatching(pattern)
  return matcher as string
}

/** The failure counter of `user:<id>` (the account's unknown devices), if it has one. */
export async function accountCounter(t: TestApp, userId: string) {
  const [row] = await t.db
    .select()
    .from(signInCounters)
    .where(eq(signInCounters.subject, `user:${userId}`))
  return row
}

/** Puts the account's unknown devices mid-run: `failedAttempts` counted, perhaps locked. */
export async function setAccountCounter(
  t: TestApp,
  userId: string,
  counter: { failedAttempts?: number; lockedUntil?: Date; lockoutCount?: number },
) {
  await t.db.insert(signInCounters).values({
    subject: `user:${userId}`,
    failedAttempts: counter.failedAttempts ?? 0,
    lockedUntil: counter.lockedUntil ?? null,
    lockoutCount: counter.lockoutCount ?? 0,
    lastAttemptAt: new Date(),
  })
  if (counter.lockedUntil) {
    await t.db.update(users).set({ lockedUntil: counter.lockedUntil }).where(eq(users.id, userId))
  }
}
