import type { AddressInfo } from 'node:net'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { groups } from '../../server/db/schema/access'
import { users } from '../../server/db/schema/users'
import { runScimWalkthrough, WalkthroughFailure } from '../../scripts/scim-walkthrough'
import { ADMIN, call, signIn, useTestApp } from './helper'

/*
 * scripts/scim-walkthrough.ts against a listening app, through a real API token made by the
 * administrator: what it reports is checked against what the database holds afterwards.
 */

const t = useTestApp()
let url = ''
let secret = ''

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const cookie = await signIn(t, ADMIN.email, ADMIN.password)
  const made = await call(
    t,
    'POST',
    '/v1/tokens',
    {
      name: 'provisioning walkthrough',
      roles: [],
      permissions: ['users.read', 'users.write', 'roles.read', 'roles.write', 'users.access'],
      groupId: null,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
    { cookie },
  )
  expect(made.statusCode).toBe(200)
  secret = made.json<{ results: { secret: string } }>().results.secret
})

describe('the SCIM walkthrough', () => {
  it('provisions, patches, filters, pages, groups, deactivates and deletes through the token', async () => {
    const lines: string[] = []
    const result = await runScimWalkthrough({ url, token: secret, print: (l) => lines.push(l) })

    const ids = Object.values(result.people).map((p) => p.id)
    const rows = await t.db.select().from(users).where(inArray(users.id, ids))
    const byId = new Map(rows.map((r) => [r.id, r]))
    const { ada, grace, alan, edsger } = result.people
    expect(byId.get(ada.id)).toMatchObject({
      email: `ada.byron@${result.tag}.example.org`,
      nameLast: 'Byron',
      phone: '5550100001',
      externalId: `${result.tag}-ada`,
      disabledAt: null,
    })
    expect(byId.get(grace.id)?.disabledAt).toBeNull()
    expect(byId.get(alan.id)?.disabledAt).toBeInstanceOf(Date)
    expect(byId.get(edsger.id)?.disabledAt).toBeInstanceOf(Date)
    expect(await t.db.select().from(groups).where(eq(groups.name, result.groupName))).toEqual([])

    // The audit log names the token for what SCIM did.
    const audited = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(inArray(auditLog.subjectUserId, ids))
    expect(audited.length).toBeGreaterThanOrEqual(4)
    expect(JSON.stringify(audited)).toContain('provisioning walkthrough')

    expect(lines.some((l) => l.includes('→ 201'))).toBe(true)
    expect(lines.at(-1)).toMatch(/^Done: \d+ requests/)
  })

  it('stops at an unexpected answer and says what the server answered', async () => {
    const failure = runScimWalkthrough({ url, token: 'not-a-token', print: () => {} })
    await expect(failure).rejects.toBeInstanceOf(WalkthroughFailure)
    await expect(failure).rejects.toThrow(/expected 200, got 401/)
  })
})
