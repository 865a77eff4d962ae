import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  FIAT_CURRENCIES,
  FIAT_DECIMALS,
  type FiatCurrency,
  assetIdOf,
} from '@exchange/shared/currencies'
import { type PriceTerms, customerRate } from '@exchange/shared/money'
import type { RateGroup, RatesData } from '@exchange/shared/rates.schemas'
import { AppError } from '../../errors'
import { priceTermsFor } from '../../trading'
import type { RatesParts } from './rates-deps'

export interface FixedPrice extends PriceTerms {
  rate: string
  source: string
  fetchedAt: Date
}

function ageSeconds({ clock }: Pick<RatesParts, 'clock'>, fetchedAt: Date): number {
  return Math.max(0, Math.floor((clock.now().getTime() - fetchedAt.getTime()) / 1000))
}

/** `getHpRates`: every stored pair with the customer's price and how it is made up, and how old it is. */
export async function currentRates(deps: RatesParts): Promise<RatesData> {
  const { clock, provider, trading, maxAgeSeconds, quoteTtlSeconds, answer } = deps
  const rows = await deps.stored.rows()
  // The answer only changes with the rows and, for its age, with the second: compute it once per second.
  const second = Math.floor(clock.now().getTime() / 1000)
  const last = answer.last
  if (last && last.rows === rows && last.second === second) return last.data
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
  const age = oldest ? ageSeconds(deps, oldest) : 0
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
  answer.last = { data, second, rows }
  return data
}

/** The price an order fixes. Refuses when the stored price is missing or older than the limit. */
export async function priceFor(deps: RatesParts, crypto: CryptoCurrency, fiat: FiatCurrency): Promise<FixedPrice> {
  const { trading, maxAgeSeconds } = deps
  const row = (await deps.stored.rows()).find((candidate) => candidate.crypto === crypto && candidate.fiat === fiat)
  if (!row || ageSeconds(deps, row.fetchedAt) > maxAgeSeconds) throw new AppError('rates_unavailable')
  const assetId = assetIdOf(crypto, fiat)
  const terms = { mid: row.mid, ...priceTermsFor(trading, assetId) }
  return { ...terms, rate: customerRate(terms, FIAT_DECIMALS), source: row.source, fetchedAt: row.fetchedAt }
}
