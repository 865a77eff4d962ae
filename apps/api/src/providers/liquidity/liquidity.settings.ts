import { z } from 'zod'
import { type SettingsContext, booleanFromEnv, jsonFromEnv, refuse } from '../../config/values/env-values'

/** The liquidity provider's variables (decision 016). */
export const LiquidityEnv = z.object({
  LIQUIDITY_PROVIDER: z
    .enum(['sandbox', 'ccxt'])
    .default('sandbox')
    .describe(
      'Liquidity provider: the sandbox (fills at the fixed price, simulated delivery) or a real exchange through ccxt.',
    ),
  LP_EXCHANGE: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .default('kraken')
    .describe('The ccxt exchange id.'),
  LP_API_KEY: z.string().min(1).optional().describe("The exchange account's api key."),
  LP_API_SECRET: z.string().min(1).optional().describe("The exchange account's api secret."),
  LP_WITHDRAW_PARAMS: z
    .string()
    .optional()
    .describe(
      'JSON: withdrawal parameters per coin, e.g. {"btc":{"key":"customer-payouts"}} for Kraken\'s named addresses.',
    ),
  LP_TESTNET: booleanFromEnv
    .default(false)
    .describe(
      "The ccxt exchange runs in its test mode (a testnet): delivery links point at the coin's testnet explorer.",
    ),
})

const WithdrawParams = z.record(z.string(), z.record(z.string(), z.string()))

export function readLiquidity(env: z.output<typeof LiquidityEnv>, ctx: SettingsContext) {
  // Checked whichever provider is chosen, so that a mistake shows before the exchange is switched on.
  const withdrawParams = WithdrawParams.safeParse(
    env.LP_WITHDRAW_PARAMS === undefined ? {} : jsonFromEnv(env.LP_WITHDRAW_PARAMS),
  )
  if (!withdrawParams.success)
    refuse(ctx, 'expected JSON like {"btc":{"key":"customer-payouts"}}', 'LP_WITHDRAW_PARAMS')
  if (env.LIQUIDITY_PROVIDER === 'sandbox') return { liquidity: { kind: 'sandbox' as const } }
  if (!env.LP_API_KEY || !env.LP_API_SECRET)
    return refuse(ctx, 'LIQUIDITY_PROVIDER=ccxt needs LP_API_KEY and LP_API_SECRET')
  if (!withdrawParams.success) return z.NEVER
  return {
    liquidity: {
      kind: 'ccxt' as const,
      exchangeId: env.LP_EXCHANGE,
      apiKey: env.LP_API_KEY,
      secret: env.LP_API_SECRET,
      withdrawParams: withdrawParams.data,
      /** The exchange's test mode: coins move on a testnet. */
      testnet: env.LP_TESTNET,
    },
  }
}

export type LiquiditySettings = ReturnType<typeof readLiquidity>['liquidity']
