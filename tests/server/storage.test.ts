import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/database'
import { DataDirLockedError } from '../../server/db/lock'
import { services } from '../../server/db/schema/services'
import { tombstones } from '../../server/db/schema/tombstones'
import { useTestApp } from './helper'

const t = useTestApp()

describe('migrations and the change sequence', () => {
  it('creates every table', async () => {
    const result = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )
    const tables = (result as { rows: { table_name: string }[] }).rows.map((row) => row.table_name)
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'services',
        'service_assignments',
        'attribute_keys',
        'attribute_key_associations',
        'attribute_key_options',
        'attribute_values',
        'attribute_key_conditions',
        'password_history',
        'password_reset_tokens',
        'mfa_requests',
        'outbox',
        'audit_log',
        'tombstones',
      ]),
    )
  })

  it('gives each insert and update a higher rev and a transaction id', async () => {
    const [created] = await t.db
      .insert(services)
      .values({ key: 'crm', name: 'CRM' })
      .returning({ id: services.id, rev: services.rev, txid: services.txid })
    if (!created) throw new Error('not inserted')
    expect(Number(created.txid)).toBeGreaterThan(0)
    const [updated] = await t.db
      .update(services)
      .set({ name: 'CRM 2', rev: 1 })
      .where(eq(services.id, created.id))
      .returning({ rev: services.rev })
    // The trigger, not the caller, decides the rev.
    expect(updated?.rev).toBeGreaterThan(created.rev)
  })

  it('leaves a tombstone in the same sequence when a synced row is deleted', async () => {
    const [row] = await t.db
      .insert(services)
      .values({ key: 'erp', name: 'ERP' })
      .returning({ id: services.id, rev: services.rev })
    if (!row) throw new Error('not inserted')
    await t.db.delete(services).where(eq(services.id, row.id))
    const [tombstone] = await t.db.select().from(tombstones).where(eq(tombstones.id, row.id))
    expect(tombstone).toMatchObject({ collection: 'services', id: row.id })
    expect(tombstone?.rev).toBeGreaterThan(row.rev)
  })
})

describe('the DATA_DIR lock (PGlite on disk)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-lock-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const config = loadConfig({ DATA_DIR: dataDir })

  it('refuses a second open of the same DATA_DIR with a clear message, and frees it on close', async () => {
    const first = await openDatabase(config)
    try {
      expect(readFileSync(path.join(dataDir, 'gatehouse.lock'), 'utf8').split(' ')[0]).toBe(
        String(process.pid),
      )
      const second = openDatabase(config)
      await expect(second).rejects.toThrow(DataDirLockedError)
      await expect(second).rejects.toThrow(/is in use by another Gatehouse process \(pid \d+\)/)
    } finally {
      await first.close()
    }
    const again = await openDatabase(config)
    await again.close()
  }, 60_000)

  it('takes over a lock left by a process that is gone', async () => {
    // pid 2^22+1 is above Linux's default pid_max, so no process has it.
    writeFileSync(path.join(dataDir, 'gatehouse.lock'), '4194305\n')
    const database = await openDatabase(config)
    await database.close()
  }, 60_000)
})
