import { z } from 'zod'
import { type SettingsContext, pemFromEnv, refuse, requireSettings } from '../../config/values/env-values'

/** Pay-by-bank's variables (decision 016). */
export const OpenBankingEnv = z.object({
  OPEN_BANKING_PROVIDER: z
    .enum(['sandbox', 'truelayer'])
    .default('sandbox')
    .describe('Pay-by-bank: the sandbox consent page, or TrueLayer Payments v3.'),
  OPEN_BANKING_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Secret the open-banking provider signs its notices with; derived locally for the sandbox when unset.'),
  TRUELAYER_ENVIRONMENT: z
    .enum(['sandbox', 'live'])
    .default('sandbox')
    .describe("TrueLayer's environment: `live` moves real money, `sandbox` is TrueLayer's own test environment."),
  TRUELAYER_CLIENT_ID: z.string().min(1).optional().describe('TrueLayer client id.'),
  TRUELAYER_CLIENT_SECRET: z.string().min(1).optional().describe('TrueLayer client secret.'),
  TRUELAYER_SIGNING_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe('Id of the request-signing key registered with TrueLayer.'),
  TRUELAYER_SIGNING_KEY_PEM: z
    .string()
    .min(1)
    .optional()
    .describe('PEM of the request-signing key registered with TrueLayer (newlines may be written as \\n).'),
  TRUELAYER_MERCHANT_ACCOUNT_ID: z
    .string()
    .min(1)
    .optional()
    .describe('The TrueLayer merchant account that receives the money.'),
})

const TRUELAYER_NEEDS = [
  'TRUELAYER_CLIENT_ID',
  'TRUELAYER_CLIENT_SECRET',
  'TRUELAYER_SIGNING_KEY_ID',
  'TRUELAYER_SIGNING_KEY_PEM',
  'TRUELAYER_MERCHANT_ACCOUNT_ID',
  'PUBLIC_URL',
] as const

export function readOpenBanking(
  env: z.output<typeof OpenBankingEnv> & { PUBLIC_URL?: string | undefined },
  ctx: SettingsContext,
) {
  return {
    openBanking: readProvider(env, ctx),
    openBankingWebhookSecret: env.OPEN_BANKING_WEBHOOK_SECRET,
  }
}

function readProvider(
  env: z.output<typeof OpenBankingEnv> & { PUBLIC_URL?: string | undefined },
  ctx: SettingsContext,
) {
  if (env.OPEN_BANKING_PROVIDER === 'sandbox') return { kind: 'sandbox' as const }
  const needed = requireSettings(env, TRUELAYER_NEEDS)
  if (needed.missing) return refuse(ctx, `OPEN_BANKING_PROVIDER=truelayer needs ${needed.missing.join(', ')}`)
  const { values } = needed
  return {
    kind: 'truelayer' as const,
    environment: env.TRUELAYER_ENVIRONMENT,
    clientId: values.TRUELAYER_CLIENT_ID,
    clientSecret: values.TRUELAYER_CLIENT_SECRET,
    /** Key id and PEM of the signing key registered with TrueLayer (requests carry a Tl-Signature). */
    signingKeyId: values.TRUELAYER_SIGNING_KEY_ID,
    signingKeyPem: pemFromEnv(values.TRUELAYER_SIGNING_KEY_PEM),
    /** The merchant account that receives the money. */
    merchantAccountId: values.TRUELAYER_MERCHANT_ACCOUNT_ID,
    /** Public address of the web app, for the return from the hosted payment page. */
    publicUrl: values.PUBLIC_URL,
  }
}

export type OpenBankingSettings = ReturnType<typeof readOpenBanking>['openBanking']
