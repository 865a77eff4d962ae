import { z } from 'zod'

/** How orders are priced and how long their price holds (decisions 013, 025, 028); pricing per pair is TRADING_FILE. */
export const TradingEnv = z.object({
  TRADING_FILE: z
    .string()
    .optional()
    .describe(
      'JSON file: spread and fee per pair, limits per fiat, payment methods, sandbox reference prices (docs/trading.md).',
    ),
  QUOTE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(900)
    .describe("How long an order's price holds without payment."),
  BANK_REPRICE_TOLERANCE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .default(200)
    .describe(
      'A bank transfer after its price ran out is bought at the current price when that is at most this much worse, in basis points (decision 025).',
    ),
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(15)
    .describe('Seconds between two sweeps that expire unpaid orders.'),
  NAME_CHANGE_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(720)
    .default(72)
    .describe("Payments this many hours after a change of the customer's name are held for a person (decision 028)."),
  PARTNER_WEBHOOK_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .max(600)
    .default(60)
    .describe(
      'Seconds a process holds a partner notice it is sending; a process that dies mid-send lets another send it after this (decision 115). An attempt is given at most a third of it, and 10 s.',
    ),
})

export function readTrading(env: z.output<typeof TradingEnv>) {
  return {
    tradingFile: env.TRADING_FILE,
    quoteTtlSeconds: env.QUOTE_TTL_SECONDS,
    bankRepriceToleranceBps: env.BANK_REPRICE_TOLERANCE_BPS,
    orderExpirySweepSeconds: env.ORDER_EXPIRY_SWEEP_SECONDS,
    nameChangeHoldHours: env.NAME_CHANGE_HOLD_HOURS,
    partnerWebhookLeaseSeconds: env.PARTNER_WEBHOOK_LEASE_SECONDS,
  }
}
