import { z } from 'zod'
import { CRYPTO_CURRENCIES, type CryptoCurrency, FIAT_CURRENCIES, type FiatCurrency } from '@exchange/shared/currencies'
import { divideAmounts, midOf, multiplyAmounts } from '@exchange/shared/money'
import type { MidPrice, RatesProvider } from './rates.provider'

const DECIMALS = 8
/** FX rates are kept finer than prices: an 8-place 1/EURUSD would move a BTC price by half a euro. */
const FX_DECIMALS = 18
export const KRAKEN_TICKER_URL = 'https://api.kraken.com/0/public/Ticker'

/** Kraken's pair names as requested, and the keys its answer uses for them (older assets carry X/Z prefixes). */
const COIN_PAIRS: Record<CryptoCurrency, { pair: string; keys: string[] }> = {
  btc: { pair: 'XBTUSD', keys: ['XXBTZUSD', 'XBTUSD'] },
  eth: { pair: 'ETHUSD', keys: ['XETHZUSD', 'ETHUSD'] },
  usdt: { pair: 'USDTUSD', keys: ['USDTZUSD', 'USDTUSD'] },
  usdc: { pair: 'USDCUSD', keys: ['USDCUSD'] },
  xrp: { pair: 'XRPUSD', keys: ['XXRPZUSD', 'XRPUSD'] },
  trx: { pair: 'TRXUSD', keys: ['TRXUSD'] },
  dot: { pair: 'DOTUSD', keys: ['DOTUSD'] },
  eos: { pair: 'EOSUSD', keys: ['EOSUSD', 'XEOSZUSD'] },
  ada: { pair: 'ADAUSD', keys: ['ADAUSD'] },
  avax: { pair: 'AVAXUSD', keys: ['AVAXUSD'] },
}
const FX_PAIRS = {
  eur: { pair: 'EURUSD', keys: ['ZEURZUSD', 'EURUSD'], usdPerUnit: true },
  gbp: { pair: 'GBPUSD', keys: ['ZGBPZUSD', 'GBPUSD'], usdPerUnit: true },
  chf: { pair: 'USDCHF', keys: ['USDCHF', 'ZUSDZCHF'], usdPerUnit: false },
} as const

const Ticker = z.object({ a: z.tuple([z.string()]).rest(z.string()), b: z.tuple([z.string()]).rest(z.string()) })
const TickerAnswer = z.object({ error: z.array(z.string()), result: z.record(z.string(), Ticker).optional() })

/**
 * Live prices from Kraken's public ticker (no key). Every coin is read against USD and turned into each
 * fiat with Kraken's own FX pairs, so one request prices all forty pairs.
 */
export function createKrakenRatesProvider(fetchImpl: typeof fetch = fetch, timeoutMs = 5_000): RatesProvider {
  const pairs = [...Object.values(COIN_PAIRS), ...Object.values(FX_PAIRS)].map((entry) => entry.pair)
  return {
    source: 'kraken',
    simulated: false,
    async fetchMidPrices() {
      const response = await fetchImpl(`${KRAKEN_TICKER_URL}?pair=${pairs.join(',')}`, {
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new Error(`Kraken ticker answered ${response.status}`)
      const answer = TickerAnswer.parse(await response.json())
      if (answer.error.length > 0 || !answer.result) throw new Error(`Kraken ticker error: ${answer.error.join('; ')}`)
      const result = answer.result

      const midFor = (keys: readonly string[]): string => {
        const key = keys.find((candidate) => result[candidate])
        const ticker = key ? result[key] : undefined
        if (!ticker) throw new Error(`Kraken ticker lacks ${keys[0]}`)
        return midOf(ticker.b[0], ticker.a[0], DECIMALS)
      }

      const fiatPerUsd: Record<FiatCurrency, string> = { usd: '1', eur: '1', gbp: '1', chf: '1' }
      for (const [fiat, fx] of Object.entries(FX_PAIRS) as [
        keyof typeof FX_PAIRS,
        (typeof FX_PAIRS)[keyof typeof FX_PAIRS],
      ][]) {
        const quote = midFor(fx.keys)
        fiatPerUsd[fiat] = fx.usdPerUnit ? divideAmounts('1', quote, FX_DECIMALS) : quote
      }

      const prices: MidPrice[] = []
      for (const crypto of CRYPTO_CURRENCIES) {
        const usd = midFor(COIN_PAIRS[crypto].keys)
        for (const fiat of FIAT_CURRENCIES)
          prices.push({ crypto, fiat, mid: multiplyAmounts(usd, fiatPerUsd[fiat], DECIMALS) })
      }
      return prices
    },
  }
}
