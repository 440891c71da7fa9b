import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { Permissions, type Permission } from '../../schema/permissions'
import { MIGRATIONS_FOLDER } from '../../server/db/migrate'
import { users } from '../../server/db/schema/users'
import { createUser } from './fixtures'
import { ADMIN, call, signIn, useTestApp } from './helper'

const t = useTestApp()

const permissionsOf = async (id: string) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]?.permissions ?? []

describe('flows.read (the Flows page)', () => {
  it("is one of the administrator's permissions, and /v1/self answers it", async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password)
    const self = await call(t, 'GET', '/v1/self', undefined, { cookie })
    expect(self.statusCode).toBe(200)
    const body = self.json<{ results: { user: { permissions: string[] } } }>()
    expect(body.results.user.permissions).toContain('flows.read')
  })

  it('is given by the migration to an administrator made before it existed, and to nobody else', async () => {
    const earlier = Permissions.filter((p) => p !== 'flows.read')
    const admin = await createUser(t, { permissions: [...earlier] })
    const staff = await createUser(t, { permissions: ['users.read', 'sessions.read'] })
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0008_flows_read.sql'), 'utf8')
    await t.db.execute(sql.raw(migration))
    expect([...(await permissionsOf(admin.id))].sort()).toEqual([...Permissions].sort())
    expect(await permissionsOf(staff.id)).toEqual<Permission[]>(['users.read', 'sessions.read'])
    // Run again, it adds nothing twice.
    await t.db.execute(sql.raw(migration))
    expect(await permissionsOf(admin.id)).toHaveLength(Permissions.length)
  })
})
