import { eq } from 'drizzle-orm'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { compareAmounts, customerRate } from '@exchange/shared/money'
import { GetHpRatesAnswer } from '@exchange/shared/rates.schemas'
import { rates } from '../src/db/schema'
import type { RatesProvider } from '../src/providers/rates/rates.provider'
import { type TestApp, buildTestApp, callPublic } from './build-test-app'

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

describe("getHpRates's answer, written once per answer", () => {
  let t: TestApp
  const provider = flakyProvider()
  beforeAll(async () => {
    t = await buildTestApp({ ratesProvider: provider })
    await t.app.jobs.refreshRates()
  })
  afterAll(() => t.close())

  /** What the route's ordinary zod serializer writes for an answer, as the other routes write theirs. */
  const writtenBySchema = serializerCompiler({ schema: GetHpRatesAnswer, method: 'POST', url: '/v1/public/getHpRates' })
  const getHpRates = () =>
    t.app.inject({ method: 'POST', url: '/v1/public/getHpRates', payload: { brandName: 'Helvex' } })

  it('is the bytes its schema writes, as JSON, with their length', async () => {
    const answer = await getHpRates()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
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
})
