import { z } from 'zod'
import { type SettingsContext, refuse } from '../../config/values/env-values'

/** The card PSP's variables (decision 016). */
export const PspEnv = z.object({
  PSP_PROVIDER: z
    .enum(['sandbox', 'stripe'])
    .default('sandbox')
    .describe('Card PSP: the sandbox hosted checkout, or Stripe Checkout.'),
  STRIPE_SECRET_KEY: z
    .string()
    .startsWith('sk_')
    .optional()
    .describe("Stripe secret key; `sk_live_…` makes the card PSP live, `sk_test_…` runs it in Stripe's test mode."),
  PSP_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      "Secret the card PSP signs its notices with (Stripe's `whsec_…`); derived locally for the sandbox when unset.",
    ),
})

export function readPsp(env: z.output<typeof PspEnv> & { PUBLIC_URL?: string | undefined }, ctx: SettingsContext) {
  const psp =
    env.PSP_PROVIDER === 'sandbox'
      ? { kind: 'sandbox' as const }
      : env.STRIPE_SECRET_KEY && env.PSP_WEBHOOK_SECRET && env.PUBLIC_URL
        ? {
            kind: 'stripe' as const,
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.PSP_WEBHOOK_SECRET,
            /** Public address of the web app, for Stripe's success and cancel redirects. */
            publicUrl: env.PUBLIC_URL,
          }
        : refuse(
            ctx,
            'PSP_PROVIDER=stripe needs STRIPE_SECRET_KEY, PSP_WEBHOOK_SECRET (the whsec_ signing secret) and PUBLIC_URL',
          )
  return { psp, pspWebhookSecret: env.PSP_WEBHOOK_SECRET }
}

export type PspSettings = ReturnType<typeof readPsp>['psp']
