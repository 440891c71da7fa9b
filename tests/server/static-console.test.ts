import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { useTestApp } from './helper'

const consoleDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-console-'))
mkdirSync(path.join(consoleDir, 'assets'))
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Gatehouse</title>')
writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)')
// As the build writes them (scripts/vite-precompress.ts): compressed twins beside the asset.
const script = 'console.log("a larger module")\n'.repeat(100)
const asset = path.join(consoleDir, 'assets', 'app-def456.js')
writeFileSync(asset, script)
writeFileSync(`${asset}.br`, brotliCompressSync(script))
writeFileSync(`${asset}.gz`, gzipSync(script))
afterAll(() => rmSync(consoleDir, { recursive: true, force: true }))

const t = useTestApp({}, { consoleDir })

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

describe('the built console', () => {
  it('serves index.html at / with the security headers', async () => {
    const response = await page('/')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Gatehouse</title>')
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['content-security-policy']).toContain(
      "style-src 'self' 'unsafe-inline'",
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('same-origin')
  })

  it('falls back to index.html for console routes', async () => {
    for (const url of ['/home', '/services/123', '/passwordReset/abc']) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain('<title>Gatehouse</title>')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers a missing asset with 404, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing.js' })
    expect(response.statusCode).toBe(404)
  })

  it('never answers /v1 with the page', async () => {
    const response = await page('/v1/unknown')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ success: false, error: { code: 404 } })
  })

  describe('precompressed assets', () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-def456.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      })

    it('sends the brotli file to a browser that takes it', async () => {
      const response = await get('gzip, deflate, br, zstd')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['vary']).toMatch(/accept-encoding/i)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script)
    })

    it('sends the gzip file when brotli is not accepted', async () => {
      const response = await get('gzip, deflate')
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(response.headers['vary']).toMatch(/accept-encoding/i)
      expect(gunzipSync(response.rawPayload).toString()).toBe(script)
    })

    it('sends the file as is otherwise', async () => {
      for (const acceptEncoding of [undefined, 'identity']) {
        const response = await get(acceptEncoding)
        expect(response.statusCode, acceptEncoding).toBe(200)
        expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined()
        expect(response.headers['vary'], acceptEncoding).toMatch(/accept-encoding/i)
        expect(response.body, acceptEncoding).toBe(script)
      }
    })

    it('sends a file without compressed twins as is, even to a browser that takes br', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body).toBe('console.log(1)')
    })

    it('never caches the page, compressed or not', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/users',
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
    })
  })
})
