import { sql } from 'drizzle-orm'
import {
  CRYPTO_CURRENCIES,
  CRYPTO_DECIMALS,
  type CryptoCurrency,
  FIAT_CURRENCIES,
  FIAT_DECIMALS,
  type FiatCurrency,
  assetIdOf,
} from '@exchange/shared/currencies'
import { type PriceTerms, customerRate } from '@exchange/shared/money'
import type { RateGroup, RatesData } from '@exchange/shared/rates.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { rates } from '../../db/tables/modules/rates'
import { AppError } from '../../errors'
import type { RatesProvider } from '../../providers/rates/rates.provider'
import { type TradingConfig, priceTermsFor } from '../../trading'

export interface RatesServiceDeps {
  db: Database
  clock: Clock
  provider: RatesProvider
  trading: TradingConfig
  maxAgeSeconds: number
  quoteTtlSeconds: number
  log: { warn(obj: object, msg: string): void }
}

export interface FixedPrice extends PriceTerms {
  rate: string
  source: string
  fetchedAt: Date
}

const CACHE_MS = 1_000

export type RatesService = ReturnType<typeof createRatesService>

export function createRatesService({
  db,
  clock,
  provider,
  trading,
  maxAgeSeconds,
  quoteTtlSeconds,
  log,
}: RatesServiceDeps) {
  let cache: { rows: (typeof rates.$inferSelect)[]; readAt: number } | undefined
  // The read under way: every call that finds the rows old meanwhile waits for it instead of reading them again.
  let reading: Promise<(typeof rates.$inferSelect)[]> | undefined
  let stored = 0
  let answerCache: { data: RatesData; second: number; rows: unknown } | undefined

  /** The rates job: asks the provider and stores what it says. A failure keeps the last good prices. */
  async function refreshRates(): Promise<boolean> {
    let prices
    try {
      prices = await provider.fetchMidPrices()
    } catch (error) {
      log.warn({ err: error, source: provider.source }, 'rates refresh failed; serving the last good prices')
      return false
    }
    const fetchedAt = clock.now()
    await db
      .insert(rates)
      .values(prices.map((price) => ({ ...price, source: provider.source, fetchedAt })))
      .onConflictDoUpdate({
        target: [rates.crypto, rates.fiat],
        set: { mid: sql`excluded.mid`, source: sql`excluded.source`, fetchedAt: sql`excluded.fetched_at` },
      })
    cache = undefined
    reading = undefined
    stored += 1
    return true
  }

  async function storedRows() {
    const now = clock.now().getTime()
    if (cache && now - cache.readAt >= 0 && now - cache.readAt < CACHE_MS) return cache.rows
    if (!reading) {
      const started = stored
      const read = db
        .select()
        .from(rates)
        .then((rows) => {
          // Rows read before the latest store are answered to the calls that waited, but not kept.
          if (stored === started) cache = { rows, readAt: now }
          return rows
        })
        .finally(() => {
          if (reading === read) reading = undefined
        })
      reading = read
    }
    return reading
  }

  function ageSeconds(fetchedAt: Date): number {
    return Math.max(0, Math.floor((clock.now().getTime() - fetchedAt.getTime()) / 1000))
  }

  /** `getHpRates`: every stored pair with the customer's price and how it is made up, and how old it is. */
  async function currentRates(): Promise<RatesData> {
    const rows = await storedRows()
    // The answer only changes with the rows and, for its age, with the second: compute it once per second.
    const second = Math.floor(clock.now().getTime() / 1000)
    if (answerCache && answerCache.rows === rows && answerCache.second === second) return answerCache.data
    const byPair = new Map(rows.map((row) => [assetIdOf(row.crypto, row.fiat), row]))
    const oldest = rows.reduce<Date | undefined>(
      (min, row) => (!min || row.fetchedAt < min ? row.fetchedAt : min),
      undefined,
    )
    const groups: RateGroup[] = FIAT_CURRENCIES.map((fiat) => ({
      quoteCur: fiat,
      data: CRYPTO_CURRENCIES.flatMap((crypto) => {
        const assetId = assetIdOf(crypto, fiat)
        const row = byPair.get(assetId)
        if (!row) return []
        const terms = { mid: row.mid, ...priceTermsFor(trading, assetId) }
        return [
          {
            baseCur: crypto,
            assetId,
            rate: customerRate(terms, FIAT_DECIMALS),
            mid: row.mid,
            spreadBps: terms.spreadBps,
            feeBps: terms.feeBps,
          },
        ]
      }),
    }))
    const age = oldest ? ageSeconds(oldest) : 0
    const data: RatesData = {
      data: groups,
      asOf: (oldest ?? clock.now()).toISOString(),
      ageSeconds: age,
      source: rows[0]?.source ?? provider.source,
      simulated: provider.simulated,
      stale: !oldest || age > maxAgeSeconds,
      quoteTtlSeconds,
      limits: trading.limits,
    }
    answerCache = { data, second, rows }
    return data
  }

  /** The price an order fixes. Refuses when the stored price is missing or older than the limit. */
  async function priceFor(crypto: CryptoCurrency, fiat: FiatCurrency): Promise<FixedPrice> {
    const row = (await storedRows()).find((candidate) => candidate.crypto === crypto && candidate.fiat === fiat)
    if (!row || ageSeconds(row.fetchedAt) > maxAgeSeconds) throw new AppError('rates_unavailable')
    const assetId = assetIdOf(crypto, fiat)
    const terms = { mid: row.mid, ...priceTermsFor(trading, assetId) }
    return { ...terms, rate: customerRate(terms, FIAT_DECIMALS), source: row.source, fetchedAt: row.fetchedAt }
  }

  return {
    refreshRates,
    currentRates,
    priceFor,
    decimalsOf: (crypto: CryptoCurrency) => ({ fiat: FIAT_DECIMALS, crypto: CRYPTO_DECIMALS[crypto] }),
  }
}
