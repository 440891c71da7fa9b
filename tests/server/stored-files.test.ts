import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { attributeKeys } from '../../server/db/schema/attributes'
import { services } from '../../server/db/schema/services'
import { storedFiles } from '../../server/db/schema/stored-files'
import { users } from '../../server/db/schema/users'
import { importLegacyFiles } from '../../server/files/legacy'
import { createUser } from './fixtures'
import { useTestApp } from './helper'
import { storedBytes, storedNames } from './stored-files'

const t = useTestApp()
const webp = (r: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } })
    .webp()
    .toBuffer()

describe('images an older version left in DATA_DIR/files', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-legacy-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('are imported once, then the folder is set aside, and they are served', async () => {
    const visage = uuidv7()
    const image = await webp(10)
    mkdirSync(path.join(dataDir, 'files', 'visage'), { recursive: true })
    mkdirSync(path.join(dataDir, 'files', 'logo'), { recursive: true })
    writeFileSync(path.join(dataDir, 'files', 'visage', `${visage}.webp`), image)
    writeFileSync(path.join(dataDir, 'files', 'logo', `${visage}-small.webp`), await webp(20))
    // Neither a stored file's shape nor a finished write: left alone.
    writeFileSync(path.join(dataDir, 'files', 'visage', `${visage}.webp.1a2b.tmp`), 'half')
    writeFileSync(path.join(dataDir, 'files', 'notes.txt'), 'hello')

    expect(await importLegacyFiles(dataDir, t.db)).toBe(2)
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
    expect(existsSync(path.join(dataDir, 'files.imported', 'visage', `${visage}.webp`))).toBe(true)
    expect((await storedBytes(t, 'visage', visage))?.equals(image)).toBe(true)
    expect(await storedNames(t, 'logo')).toContain(`${visage}-small`)
    // A second start finds nothing more to do.
    expect(await importLegacyFiles(dataDir, t.db)).toBe(0)

    const user = await createUser(t)
    await t.db.update(users).set({ visage }).where(eq(users.id, user.id))
    const response = await t.app.inject({ url: await t.app.files.signedUrl('visage', visage) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.rawPayload.equals(image)).toBe(true)
  })

  it('are imported again, keeping what is there, when a start was cut short', async () => {
    const name = uuidv7()
    const image = await webp(30)
    const file = path.join(dataDir, 'files', 'attributes', `${name}.webp`)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, image)
    await t.app.files.save('attributes', name, { contentType: 'image/webp', data: image })
    expect(await importLegacyFiles(dataDir, t.db)).toBe(1)
    expect((await storedBytes(t, 'attributes', name))?.equals(image)).toBe(true)
    // files.imported is taken, so the folder goes beside it.
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
  })

  it('keep their time, so the sweep deletes the ones no row names', async () => {
    const name = uuidv7()
    const file = path.join(dataDir, 'files', 'attributes', `${name}.webp`)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, await webp(40))
    const old = new Date(Date.now() - 3 * 86_400_000)
    utimesSync(file, old, old)
    await importLegacyFiles(dataDir, t.db)
    const [row] = await t.db
      .select({ createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(eq(storedFiles.key, `attributes/${name}`))
    expect(Math.abs(row!.createdAt.getTime() - old.getTime())).toBeLessThan(1000)
  })
})

describe('the sweep of stored files', () => {
  it('deletes old files no row names, and keeps named and recent ones', async () => {
    const data = await webp(50)
    const old = new Date(Date.now() - 2 * 86_400_000)
    const put = (key: string, createdAt = old) =>
      t.db.insert(storedFiles).values({ key, contentType: 'image/webp', data, createdAt })
    const [named, unnamed, recent, logo, lost, keyImage, loose] = Array.from({ length: 7 }, () =>
      uuidv7(),
    )
    const user = await createUser(t)
    await t.db.update(users).set({ visage: named }).where(eq(users.id, user.id))
    await t.db.insert(services).values({ key: `sweep-${logo}`, name: 'Sweep', logo })
    await t.db.insert(attributeKeys).values({
      name: 'Swept',
      type: 'STRING',
      imagePath: `attributes/${keyImage}`,
    })
    for (const key of [
      `visage/${named}`,
      `visage/${unnamed}`,
      `logo/${logo}-small`,
      `logo/${logo}-large`,
      `logo/${lost}-small`,
      `attributes/${keyImage}`,
      `attributes/${loose}`,
    ])
      await put(key)
    await put(`visage/${recent}`, new Date())

    const count = await t.app.files.storage.sweep(new Date(Date.now() - 86_400_000))
    expect(count).toBeGreaterThanOrEqual(3)
    expect(await storedNames(t, 'visage')).toEqual(expect.arrayContaining([named, recent]))
    expect(await storedNames(t, 'visage')).not.toContain(unnamed)
    const logos = await storedNames(t, 'logo')
    expect(logos).toEqual(expect.arrayContaining([`${logo}-small`, `${logo}-large`]))
    expect(logos).not.toContain(`${lost}-small`)
    const images = await storedNames(t, 'attributes')
    expect(images).toContain(keyImage)
    expect(images).not.toContain(loose)
  })
})

describe('GET /v1/files', () => {
  it('answers 404 for a validly signed link to a file that is not there', async () => {
    const response = await t.app.inject({
      url: await t.app.files.signedUrl('attributes', uuidv7()),
    })
    expect(response.statusCode).toBe(404)
  })
})
