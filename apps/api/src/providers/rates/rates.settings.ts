import { z } from 'zod'

/** The price feed's variables (decision 011). */
export const RatesEnv = z.object({
  RATES_PROVIDER: z
    .enum(['sandbox', 'kraken'])
    .default('sandbox')
    .describe("Price source: the offline simulation, or Kraken's public ticker."),
  RATES_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(5)
    .describe('Seconds between two refreshes of the prices.'),
  RATES_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86_400)
    .default(60)
    .describe('Prices older than this stop new orders.'),
})

export function readRates(env: z.output<typeof RatesEnv>) {
  return {
    rates: {
      provider: env.RATES_PROVIDER,
      refreshSeconds: env.RATES_REFRESH_SECONDS,
      maxAgeSeconds: env.RATES_MAX_AGE_SECONDS,
    },
  }
}
