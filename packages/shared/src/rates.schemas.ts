import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { AssetId, CryptoCurrency, FiatCurrency } from './currencies'
import { DecimalString } from './money'

/** One coin priced in one fiat: what the customer pays per coin (`rate`) and how it is made up. */
export const RateEntry = z.object({
  baseCur: CryptoCurrency,
  /** Customer rate: mid plus spread, fiat per coin. */
  rate: DecimalString,
  assetId: AssetId,
  mid: DecimalString,
  spreadBps: z.number().int().nonnegative(),
  feeBps: z.number().int().nonnegative(),
})
export type RateEntry = z.infer<typeof RateEntry>

/** Spec section 3's rate entry: a fiat (`quoteCur`) and the coins priced in it. */
export const RateGroup = z.object({ quoteCur: FiatCurrency, data: z.array(RateEntry) })
export type RateGroup = z.infer<typeof RateGroup>

export const AmountLimits = z.object({ min: DecimalString, max: DecimalString })
export type AmountLimits = z.infer<typeof AmountLimits>

export const RatesData = z.object({
  data: z.array(RateGroup),
  /** When the prices were read from the source. */
  asOf: z.string(),
  ageSeconds: z.number().int().nonnegative(),
  source: z.string(),
  /** True for the sandbox's simulated prices: the web says so wherever prices are shown. */
  simulated: z.boolean(),
  /** Too old to start an order with. */
  stale: z.boolean(),
  /** How long a price holds once an order fixes it. */
  quoteTtlSeconds: z.number().int().positive(),
  limits: z.record(FiatCurrency, AmountLimits),
})
export type RatesData = z.infer<typeof RatesData>

export const GetHpRatesRequest = z.object({ brandName: z.string().min(1).max(64) })
export const GetHpRatesAnswer = answerOf(successAnswer({ data: RatesData }))
export type GetHpRatesAnswer = z.infer<typeof GetHpRatesAnswer>
