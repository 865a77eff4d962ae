import { z } from 'zod'
import { type SettingsContext, refuse, requireSettings } from '../../config/values/env-values'

/** Identity verification's variables (decision 029). */
export const IdentityEnv = z.object({
  IDV_PROVIDER: z
    .enum(['sandbox', 'sumsub'])
    .default('sandbox')
    .describe('Identity verification: the sandbox provider (hosted page under /sandbox/idv), or Sumsub.'),
  IDV_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Secret the sandbox identity provider signs its notices with; derived locally when unset.'),
  SUMSUB_APP_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe("Sumsub app token: `sbx:…` runs in Sumsub's sandbox (a test party), `prd:…` checks real identities."),
  SUMSUB_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Secret key issued with the app token: signs every request (X-App-Access-Sig).'),
  SUMSUB_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Secret of the webhook set up in Sumsub's dashboard to {PUBLIC_URL}/v1/webhooks/identity (digest HMAC_SHA256_HEX): checks X-Payload-Digest of each notice.",
    ),
  SUMSUB_LEVEL_NAME: z
    .string()
    .min(1)
    .default('basic-kyc-level')
    .describe('The verification level applicants go through (ID document and selfie).'),
  SUMSUB_BASE_URL: z.string().url().default('https://api.sumsub.com').describe("Sumsub's api address."),
})

const SUMSUB_NEEDS = ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET', 'PUBLIC_URL'] as const

export function readIdentity(
  env: z.output<typeof IdentityEnv> & { PUBLIC_URL?: string | undefined },
  ctx: SettingsContext,
) {
  if (env.IDV_PROVIDER === 'sandbox')
    return { identity: { kind: 'sandbox' as const, webhookSecret: env.IDV_WEBHOOK_SECRET } }
  const needed = requireSettings(env, SUMSUB_NEEDS)
  if (needed.missing) return refuse(ctx, `IDV_PROVIDER=sumsub needs ${needed.missing.join(', ')}`)
  const { values } = needed
  return {
    identity: {
      kind: 'sumsub' as const,
      appToken: values.SUMSUB_APP_TOKEN,
      secretKey: values.SUMSUB_SECRET_KEY,
      webhookSecret: values.SUMSUB_WEBHOOK_SECRET,
      levelName: env.SUMSUB_LEVEL_NAME,
      baseUrl: env.SUMSUB_BASE_URL,
      /** Public address of the web app, for the redirect after the verification page. */
      publicUrl: values.PUBLIC_URL,
    },
  }
}

export type IdentitySettings = ReturnType<typeof readIdentity>['identity']
