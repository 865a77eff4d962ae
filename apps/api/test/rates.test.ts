import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { compareAmounts, customerRate } from '@exchange/shared/money'
import { GetHpRatesAnswer } from '@exchange/shared/rates.schemas'
import { eq } from 'drizzle-orm'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rates } from '../src/db/tables/modules/rates'
import type { RatesProvider } from '../src/providers/rates/rates.provider'
import { type TestApp, buildTestApp, callPublic } from './support'

/** A price source that works until told to fail, as a real one does; `mid` is bitcoin's price in every fiat. */
function flakyProvider(): RatesProvider & { failing: boolean; mid: string } {
  const provider = {
    source: 'flaky-test-source',
    simulated: false,
    failing: false,
    mid: '80000.00',
    async fetchMidPrices() {
      if (provider.failing) throw new Error('source down')
      return CRYPTO_CURRENCIES.flatMap((crypto) =>
        FIAT_CURRENCIES.map((fiat) => ({ crypto, fiat, mid: crypto === 'btc' ? provider.mid : '2.50' })),
      )
    },
  }
  return provider
}

describe('getHpRates', () => {
  let t: TestApp
  const provider = flakyProvider()
  beforeAll(async () => {
    t = await buildTestApp({ ratesProvider: provider })
    await t.app.jobs.refreshRates()
  })
  afterAll(() => t.close())

  it('answers spec section 3: a list of { quoteCur, data: [{ baseCur, rate, assetId }] } for four fiats and ten coins', async () => {
    const answer = await callPublic(t.app, 'getHpRates', {})
    expect(answer.body.result).toBe(true)
    const groups = answer.body.data.data
    expect(groups.map((group: { quoteCur: string }) => group.quoteCur)).toEqual(['eur', 'chf', 'gbp', 'usd'])
    for (const group of groups) {
      expect(group.data.map((entry: { baseCur: string }) => entry.baseCur)).toEqual([...CRYPTO_CURRENCIES])
    }
    expect(groups[0].data[0]).toEqual({
      baseCur: 'btc',
      assetId: 'btc_eur',
      mid: '80000.0000000000',
      rate: '81200.0000',
      spreadBps: 150,
      feeBps: 100,
    })
  })

  it('keeps mid, spread, fee and customer rate apart, and the customer rate is mid plus spread', async () => {
    const answer = await callPublic(t.app, 'getHpRates', {})
    for (const group of answer.body.data.data) {
      for (const entry of group.data) {
        expect(entry.rate).toBe(customerRate({ mid: entry.mid, spreadBps: entry.spreadBps, feeBps: entry.feeBps }, 2))
        expect(compareAmounts(entry.rate, entry.mid)).toBe(1)
      }
    }
  })

  it('says where the prices come from, how old they are, the price time and the limits per fiat', async () => {
    const { data } = (await callPublic(t.app, 'getHpRates', {})).body
    expect(data).toMatchObject({
      source: 'flaky-test-source',
      simulated: false,
      stale: false,
      ageSeconds: 0,
      quoteTtlSeconds: 900,
    })
    expect(data.limits.eur).toEqual({ min: '25.00', max: '15000.00' })
  })

  it('serves the last good prices with their age when the source fails, and calls them stale past the limit', async () => {
    provider.failing = true
    t.clock.advance(30_000)
    expect(await t.app.jobs.refreshRates()).toBe(false)
    const fresh = (await callPublic(t.app, 'getHpRates', {})).body.data
    expect(fresh).toMatchObject({ ageSeconds: 30, stale: false })
    expect(fresh.data[0].data[0].mid).toBe('80000.0000000000')

    t.clock.advance(31_000)
    const old = (await callPublic(t.app, 'getHpRates', {})).body.data
    expect(old).toMatchObject({ ageSeconds: 61, stale: true })
    provider.failing = false
  })

  it('the sandbox source says it is simulated', async () => {
    const sandbox = await buildTestApp()
    try {
      await sandbox.app.jobs.refreshRates()
      const { data } = (await callPublic(sandbox.app, 'getHpRates', {})).body
      expect(data).toMatchObject({ source: 'sandbox', simulated: true, stale: false })
      const stored = await sandbox.db.select().from(rates).where(eq(rates.crypto, 'btc'))
      expect(stored).toHaveLength(4)
    } finally {
      await sandbox.close()
    }
  })
})

describe("getHpRates's answer, written and compressed once per answer (decision 061)", () => {
  let t: TestApp
  const provider = flakyProvider()
  beforeAll(async () => {
    t = await buildTestApp({ ratesProvider: provider })
    await t.app.jobs.refreshRates()
  })
  afterAll(() => t.close())

  /** What the route's ordinary zod serializer writes for an answer, as the other routes write theirs. */
  const writtenBySchema = serializerCompiler({ schema: GetHpRatesAnswer, method: 'POST', url: '/v1/public/getHpRates' })
  /** Without `acceptEncoding`, as a client that takes no compression asks. */
  const getHpRates = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/public/getHpRates',
      payload: { brandName: 'Helvex' },
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  it('is the bytes its schema writes, as JSON, with their length', async () => {
    const answer = await getHpRates()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers.vary).toBe('accept-encoding')
    expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length))
    expect(answer.body).toBe(writtenBySchema(answer.json()))
    expect(answer.json().data.data[0].data[0]).toMatchObject({ assetId: 'btc_eur', mid: '80000.0000000000' })
  })

  it('is the same within a second, tells one second more when the second turns, and new prices once they are stored', async () => {
    const first = (await getHpRates()).body
    expect((await getHpRates()).body).toBe(first)

    t.clock.advance(1_000)
    const later = await getHpRates()
    expect(later.json().data.ageSeconds).toBe(JSON.parse(first).data.ageSeconds + 1)
    expect(later.body).toBe(first.replace(/"ageSeconds":\d+/, `"ageSeconds":${later.json().data.ageSeconds}`))

    // New prices stored within the same second are answered at once.
    provider.mid = '81000.00'
    expect(await t.app.jobs.refreshRates()).toBe(true)
    const repriced = await getHpRates()
    expect(repriced.json().data.data[0].data[0]).toMatchObject({ assetId: 'btc_eur', mid: '81000.0000000000' })
    expect(repriced.json().data.ageSeconds).toBe(0)
    expect(repriced.body).toBe(writtenBySchema(repriced.json()))
  })

  it('is brotli for a browser, gzip where brotli is not wanted, and the JSON itself otherwise', async () => {
    const plain = await getHpRates()
    const cases: [string | undefined, string | undefined, (bytes: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
      ['gzip;q=0.5, br;q=0.9', 'br', brotliDecompressSync],
      ['*', 'br', brotliDecompressSync],
      ['identity', undefined, (bytes) => bytes],
      ['br;q=0, gzip;q=0', undefined, (bytes) => bytes],
      ['deflate', undefined, (bytes) => bytes],
      ['', undefined, (bytes) => bytes],
    ]
    // Twice: the second time each value's choice is the one kept from the first.
    for (const [accepted, encoding, decode] of [...cases, ...cases]) {
      const answer = await getHpRates(accepted)
      expect(answer.statusCode, accepted).toBe(200)
      expect(answer.headers['content-encoding'], accepted).toBe(encoding)
      expect(answer.headers.vary, accepted).toBe('accept-encoding')
      expect(answer.headers['content-type'], accepted).toBe('application/json; charset=utf-8')
      expect(answer.headers['content-length'], accepted).toBe(String(answer.rawPayload.length))
      expect(decode(answer.rawPayload).toString('utf8'), accepted).toBe(plain.body)
    }
    // What a phone downloads every few seconds: about a fifth of the JSON.
    const compressed = await getHpRates('br')
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
  })

  it('weighs every Accept-Encoding a client invents, beyond the values it keeps the choice of', async () => {
    const plain = await getHpRates()
    // 100 different values, brotli preferred in the odd ones: the kept choices fill up (64) well before the last.
    for (let i = 0; i < 100; i++) {
      const accepted = `br;q=0.${i % 2 === 1 ? 9 : 1}${String(i).padStart(2, '0')}, gzip;q=0.5`
      const answer = await getHpRates(accepted)
      const encoding = i % 2 === 1 ? 'br' : 'gzip'
      expect(answer.headers['content-encoding'], accepted).toBe(encoding)
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync
      expect(decode(answer.rawPayload).toString('utf8'), accepted).toBe(plain.body)
    }
  })

  it('follows the answer: the same bytes within a second, new prices compressed anew', async () => {
    const first = await getHpRates('br')
    expect((await getHpRates('br')).rawPayload.equals(first.rawPayload)).toBe(true)

    provider.mid = '81234.00'
    expect(await t.app.jobs.refreshRates()).toBe(true)
    for (const [accepted, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const repriced = JSON.parse(decode((await getHpRates(accepted)).rawPayload).toString('utf8'))
      expect(repriced.data.data[0].data[0], accepted).toMatchObject({ assetId: 'btc_eur', mid: '81234.0000000000' })
    }
  })

  it('refuses a call for another brand as before, uncompressed', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/public/getHpRates',
      payload: { brandName: 'Other' },
      headers: { 'accept-encoding': 'br' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.json()).toEqual({ result: false, error: 'unknown_brand' })
  })
})
