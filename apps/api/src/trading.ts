import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, FiatCurrency } from '@exchange/shared/currencies'
import { DecimalString } from '@exchange/shared/money'

const Bps = z.number().int().min(0).max(2_000)
const PriceTerms = z.object({ spreadBps: Bps, feeBps: Bps })

const MethodOption = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(80),
  tlId: z.string().min(1).max(64).optional(),
  /** Fiats the option takes; all when absent. */
  fiats: z.array(FiatCurrency).optional(),
  minAmount: DecimalString.optional(),
  maxAmount: DecimalString.optional(),
  /** Customer countries (ISO alpha-2) the option serves; all when absent. */
  countries: z.array(z.string().length(2)).optional(),
})
export type MethodOption = z.infer<typeof MethodOption>

/** Prices, limits and payment methods: what an operator tunes per brand, in one validated file (TRADING_FILE). */
export const TradingConfig = z.object({
  pricing: z.object({
    default: PriceTerms,
    /** Per pair, e.g. `{ "usdt_eur": { "spreadBps": 50, "feeBps": 50 } }`. */
    pairs: z.record(z.string(), PriceTerms).default({}),
  }),
  limits: z.record(FiatCurrency, z.object({ min: DecimalString, max: DecimalString })),
  /** Mid prices in USD the sandbox walks around, and the fiat value of one USD. */
  sandboxReference: z.object({
    usdPrices: z.record(z.string(), DecimalString),
    fiatPerUsd: z.record(z.string(), DecimalString),
  }),
  paymentMethods: z.object({
    psps: z.array(MethodOption),
    banks: z.array(MethodOption),
    alts: z.array(MethodOption),
  }),
})
export type TradingConfig = z.infer<typeof TradingConfig>

export const DEFAULT_TRADING: TradingConfig = {
  pricing: {
    default: { spreadBps: 150, feeBps: 100 },
    pairs: { usdt_eur: { spreadBps: 50, feeBps: 100 }, usdc_eur: { spreadBps: 50, feeBps: 100 } },
  },
  limits: {
    eur: { min: '25.00', max: '15000.00' },
    chf: { min: '25.00', max: '15000.00' },
    gbp: { min: '20.00', max: '12500.00' },
    usd: { min: '30.00', max: '17500.00' },
  },
  sandboxReference: {
    usdPrices: {
      btc: '97250.00',
      eth: '3420.00',
      usdt: '1.0000',
      usdc: '1.0000',
      xrp: '2.3100',
      trx: '0.2450',
      dot: '7.8200',
      eos: '0.8100',
      ada: '0.9800',
      avax: '38.4000',
    },
    fiatPerUsd: { usd: '1.0000', eur: '0.9450', chf: '0.8850', gbp: '0.7850' },
  },
  paymentMethods: {
    psps: [{ id: 'sandbox-card', name: 'Card (sandbox)' }],
    banks: [{ id: 'sandbox-bank', name: 'Sandbox Bank', tlId: 'sandbox-bank-1', fiats: ['eur', 'gbp', 'chf'] }],
    alts: [],
  },
}

export function loadTrading(file: string | undefined): TradingConfig {
  if (!file) return DEFAULT_TRADING
  const overrides: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (typeof overrides !== 'object' || overrides === null)
    throw new Error(`TRADING_FILE ${file} must hold a JSON object`)
  const trading = TradingConfig.parse({ ...DEFAULT_TRADING, ...overrides })
  for (const fiat of FIAT_CURRENCIES) {
    if (!trading.limits[fiat]) throw new Error(`TRADING_FILE: limits for ${fiat} are missing`)
  }
  for (const coin of CRYPTO_CURRENCIES) {
    if (!trading.sandboxReference.usdPrices[coin])
      throw new Error(`TRADING_FILE: sandbox reference price for ${coin} is missing`)
  }
  return trading
}

export function priceTermsFor(trading: TradingConfig, assetId: string) {
  return trading.pricing.pairs[assetId] ?? trading.pricing.default
}
