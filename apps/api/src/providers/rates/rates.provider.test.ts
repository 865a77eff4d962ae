import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { compareAmounts, scaleByBps } from '@exchange/shared/money'
import { DEFAULT_TRADING } from '../../trading'
import { KRAKEN_TICKER_URL, createKrakenRatesProvider } from './kraken-rates.provider'
import { createSandboxRatesProvider } from './sandbox-rates.provider'

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'))

function answering(body: unknown, status = 200) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  ) as unknown as typeof fetch
}

describe('Kraken rates provider (recorded answers)', () => {
  it('asks the public ticker for every coin against USD and the FX pairs, in one request', async () => {
    const fetchImpl = answering(fixture('kraken-ticker.json'))
    await createKrakenRatesProvider(fetchImpl).fetchMidPrices()
    const url = String(vi.mocked(fetchImpl).mock.calls[0]?.[0])
    expect(url.startsWith(`${KRAKEN_TICKER_URL}?pair=`)).toBe(true)
    expect(url).toContain('XBTUSD')
    expect(url).toContain('EURUSD')
    expect(url).toContain('USDCHF')
  })

  it('prices every pair from the mid of bid and ask, converted with the FX mids', async () => {
    const prices = await createKrakenRatesProvider(answering(fixture('kraken-ticker.json'))).fetchMidPrices()
    expect(prices).toHaveLength(40)
    const find = (crypto: string, fiat: string) => prices.find((p) => p.crypto === crypto && p.fiat === fiat)?.mid
    expect(find('btc', 'usd')).toBe('97250.10000000')
    // 97250.10 USD / 1.05810 USD per EUR
    expect(find('btc', 'eur')).toBe('91910.12191664')
    // 97250.10 USD × 0.88500 CHF per USD
    expect(find('btc', 'chf')).toBe('86066.33850000')
    expect(find('usdc', 'usd')).toBe('0.99995000')
  })

  it('fails on an error answer, a missing pair or an HTTP error, so the last good prices stay', async () => {
    await expect(
      createKrakenRatesProvider(answering(fixture('kraken-ticker-error.json'))).fetchMidPrices(),
    ).rejects.toThrow(/Too many requests/)
    const partial = fixture('kraken-ticker.json')
    delete partial.result.DOTUSD
    await expect(createKrakenRatesProvider(answering(partial)).fetchMidPrices()).rejects.toThrow(/DOTUSD/)
    await expect(createKrakenRatesProvider(answering({}, 503)).fetchMidPrices()).rejects.toThrow(/503/)
  })
})

describe('sandbox rates provider', () => {
  it('says it is simulated and prices all forty pairs', async () => {
    const provider = createSandboxRatesProvider(DEFAULT_TRADING.sandboxReference)
    expect(provider.simulated).toBe(true)
    expect(await provider.fetchMidPrices()).toHaveLength(40)
  })

  it('walks in small steps and stays within 5 % of the reference price', async () => {
    const provider = createSandboxRatesProvider(DEFAULT_TRADING.sandboxReference, () => 15)
    let last = '97250.00'
    for (let i = 0; i < 60; i++) {
      const btc = (await provider.fetchMidPrices()).find((p) => p.crypto === 'btc' && p.fiat === 'usd')!.mid
      expect(compareAmounts(btc, scaleByBps(last, 16, 8))).toBeLessThanOrEqual(0)
      last = btc
    }
    expect(last).toBe(scaleByBps('97250.00', 500, 8))
  })

  it('moves by a shift of the test controls, and keeps walking in the shifted band', async () => {
    const provider = createSandboxRatesProvider(DEFAULT_TRADING.sandboxReference, () => 0)
    const btc = async () => (await provider.fetchMidPrices()).find((p) => p.crypto === 'btc' && p.fiat === 'usd')!.mid
    expect(await btc()).toBe(scaleByBps('97250.00', 0, 8))
    provider.shift!(800)
    expect(await btc()).toBe(scaleByBps('97250.00', 800, 8))
  })
})
