import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/audit'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import { createUser } from './fixtures'
import { ADMIN, call, outboxFiles, signIn, useTestApp } from './helper'

const t = useTestApp()
let admin = ''
let adminId = ''

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password)
  const [row] = await t.db.select().from(users).where(eq(users.email, ADMIN.email))
  adminId = row!.id
})

const UNKNOWN = '01890000-0000-7000-8000-000000000000'

const bulk = (action: string, ids: string[], cookie = admin) =>
  call(t, 'POST', `/v1/users/${action}`, { ids }, { cookie })

const rows = (ids: string[]) => t.db.select().from(users).where(inArray(users.id, ids))

async function three() {
  const list = [await createUser(t), await createUser(t), await createUser(t)]
  for (const user of list) await signIn(t, user.email, user.password)
  return list
}

describe('POST /v1/users/:action', () => {
  it('revoke-sessions ends every session of each user; refuses oneself and unknown ids', async () => {
    const list = await three()
    const ids = list.map((u) => u.id)
    const answer = await bulk('revoke-sessions', [...ids, adminId, UNKNOWN])
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      success: true,
      results: {
        done: ids,
        refused: [
          { id: adminId, reason: 'your own account' },
          { id: UNKNOWN, reason: 'no such user' },
        ],
      },
    })
    expect(await t.db.select().from(sessions).where(inArray(sessions.userId, ids))).toEqual([])
    // The administrator's own session lives on.
    expect((await call(t, 'GET', '/v1/self', undefined, { cookie: admin })).statusCode).toBe(200)
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(inArray(auditLog.subjectUserId, ids), eq(auditLog.action, 'user.sessions_revoked')),
      )
    expect(audits).toHaveLength(3)
    expect(audits[0]).toMatchObject({ actorUserId: adminId, detail: { sessionsEnded: 1 } })
  })

  it('lock, unlock (with the reset mail), disable, enable, require-password-change', async () => {
    const list = await three()
    const ids = list.map((u) => u.id)
    expect((await bulk('lock', [...ids, adminId])).json()).toEqual({
      success: true,
      results: { done: ids, refused: [{ id: adminId, reason: 'your own account' }] },
    })
    expect((await rows(ids)).every((r) => r.lockedAt !== null)).toBe(true)
    expect(await t.db.select().from(sessions).where(inArray(sessions.userId, ids))).toEqual([])
    expect((await bulk('lock', [ids[0]!])).json()).toMatchObject({
      results: { done: [], refused: [{ id: ids[0], reason: 'already locked' }] },
    })

    expect((await bulk('unlock', ids)).json()).toMatchObject({ results: { done: ids } })
    expect((await rows(ids)).every((r) => r.lockedAt === null)).toBe(true)
    for (const user of list)
      expect(outboxFiles(t).filter((m) => m.to === user.email)).toEqual([
        expect.objectContaining({ subject: 'Your Gatehouse account has been unlocked' }),
      ])

    expect((await bulk('disable', [...ids, adminId])).json()).toMatchObject({
      results: { done: ids, refused: [{ id: adminId, reason: 'your own account' }] },
    })
    expect((await rows(ids)).every((r) => r.disabledAt !== null)).toBe(true)
    expect((await bulk('enable', ids)).json()).toMatchObject({ results: { done: ids } })
    expect((await rows(ids)).every((r) => r.disabledAt === null)).toBe(true)

    expect((await bulk('require-password-change', ids)).json()).toMatchObject({
      results: { done: ids, refused: [] },
    })
    expect((await rows(ids)).every((r) => r.mustChangePassword)).toBe(true)
  })

  it('of many administrators locked together, refuses the last active one', async () => {
    const writers = [
      await createUser(t, { permissions: ['users.write'] }),
      await createUser(t, { permissions: ['users.write'] }),
    ]
    const others = (await t.db.select().from(users)).filter(
      (u) =>
        u.id !== adminId &&
        !writers.some((w) => w.id === u.id) &&
        u.permissions.includes('users.write') &&
        !u.lockedAt &&
        !u.disabledAt,
    )
    for (const o of others)
      await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, o.id))
    try {
      // The first writer asks to disable the admin and the second writer: one may go, not both
      // with the asker... the asker remains, so both go.
      const cookie = await signIn(t, writers[0]!.email, writers[0]!.password)
      const both = await bulk('disable', [adminId, writers[1]!.id], cookie)
      expect(both.json()).toMatchObject({ results: { done: [adminId, writers[1]!.id] } })
      await bulk('enable', [adminId, writers[1]!.id], cookie)
      // Now writer 0 is made inactive by hand (its session lives on); locking the admin and
      // writer 1 together leaves the second one asked for refused.
      await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, writers[0]!.id))
      const answer = await bulk('lock', [adminId, writers[1]!.id], cookie)
      expect(answer.json()).toEqual({
        success: true,
        results: {
          done: [adminId],
          refused: [{ id: writers[1]!.id, reason: 'the last active administrator' }],
        },
      })
    } finally {
      for (const o of others)
        await t.db.update(users).set({ lockedAt: null }).where(eq(users.id, o.id))
      await t.db.update(users).set({ lockedAt: null }).where(eq(users.id, adminId))
      admin = await signIn(t, ADMIN.email, ADMIN.password)
    }
  })

  it('is never half-written: a failure part-way leaves every row as it was', async () => {
    const list = await three()
    const ids = list.map((u) => u.id)
    await bulk('lock', ids)
    const outbox = t.app.outbox
    const enqueue = outbox.enqueue.bind(outbox)
    let calls = 0
    outbox.enqueue = (db, message) => {
      calls += 1
      if (calls === 2) return Promise.reject(new Error('mail queue broke'))
      return enqueue(db, message)
    }
    try {
      const answer = await bulk('unlock', ids)
      expect(answer.statusCode).toBe(500)
    } finally {
      outbox.enqueue = enqueue
    }
    // The first user's unlock was rolled back with the rest.
    expect((await rows(ids)).every((r) => r.lockedAt !== null)).toBe(true)
    for (const user of list) expect(outboxFiles(t).filter((m) => m.to === user.email)).toEqual([])
  })

  it('needs users.write; refuses bad input before anything is written', async () => {
    const user = await createUser(t)
    expect((await call(t, 'POST', '/v1/users/lock', { ids: [user.id] })).statusCode).toBe(401)
    const reader = await createUser(t, { permissions: ['users.read'] })
    const readerCookie = await signIn(t, reader.email, reader.password)
    expect((await bulk('lock', [user.id], readerCookie)).statusCode).toBe(403)
    for (const [action, body] of [
      ['explode', { ids: [user.id] }],
      ['lock', { ids: [] }],
      ['lock', { ids: [user.id, user.id] }],
      ['lock', { ids: ['not-a-uuid'] }],
      ['lock', { ids: [user.id], extra: true }],
      ['lock', { ids: ['a\u0000b'] }],
      ['lock', { ids: Array.from({ length: 1001 }, () => user.id) }],
    ] as const) {
      const response = await call(t, 'POST', `/v1/users/${action}`, body, { cookie: admin })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ success: false, error: { code: 1001 } })
    }
    const [row] = await rows([user.id])
    expect(row?.lockedAt).toBeNull()
  })
})
