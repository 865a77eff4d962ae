import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './support'

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`
const INDEX = '<!doctype html><title>Helvex</title><div id="root"></div>'

/** A web build as `npm run build` leaves it: hashed assets with brotli and gzip copies beside them. */
function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX))
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX))
  const script = join(dist, 'assets', 'app-1a2b3c.js')
  writeFileSync(script, SCRIPT)
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT))
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT))
  return dist
}

describe('the web app’s files', () => {
  let web: TestApp
  beforeAll(async () => {
    web = await buildTestApp({ env: { WEB_DIST_DIR: webDist() } })
  })
  afterAll(() => web.close())

  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for good', async () => {
    const asset = await web.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['content-type']).toContain('javascript')
    expect(asset.headers.vary).toContain('accept-encoding')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzip = await web.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const plain = await web.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
    expect(plain.headers.vary).toContain('accept-encoding')
  })

  it('sends the page of a client-side route compressed and never cached, so a new release is seen at once', async () => {
    for (const path of ['/', '/login', '/dashboard-history']) {
      const page = await web.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } })
      expect(page.statusCode, path).toBe(200)
      expect(page.headers['content-encoding'], path).toBe('br')
      expect(page.headers['cache-control'], path).toBe('no-cache')
      expect(brotliDecompressSync(page.rawPayload).toString(), path).toBe(INDEX)
    }
  })
})
