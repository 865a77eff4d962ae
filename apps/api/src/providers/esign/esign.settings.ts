import { z } from 'zod'
import { type SettingsContext, pemFromEnv, refuse, requireSettings } from '../../config/values/env-values'

/** E-signature's variables (decision 044). */
export const EsignEnv = z.object({
  ESIGN_PROVIDER: z
    .enum(['sandbox', 'docusign'])
    .default('sandbox')
    .describe(
      'E-signature of the customer agreement: the sandbox provider (signing page under /sandbox/esign), or DocuSign.',
    ),
  ESIGN_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Secret the sandbox e-signature provider signs its notices with; derived locally when unset.'),
  DOCUSIGN_INTEGRATION_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("DocuSign app's integration key (OAuth client id), used with the JWT grant."),
  DOCUSIGN_USER_ID: z
    .string()
    .min(1)
    .optional()
    .describe('The DocuSign user (GUID) the app acts as; it consented once to `signature impersonation`.'),
  DOCUSIGN_ACCOUNT_ID: z.string().min(1).optional().describe('The DocuSign account the envelopes are sent from.'),
  DOCUSIGN_PRIVATE_KEY_PEM: z
    .string()
    .min(1)
    .optional()
    .describe('RSA private key of the integration key, PEM (line breaks may be written as \\n).'),
  DOCUSIGN_CONNECT_HMAC_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      'Secret of the HMAC key of the Connect configuration posting to /v1/webhooks/esign: checks X-DocuSign-Signature-1 of each notice.',
    ),
  DOCUSIGN_BASE_PATH: z
    .string()
    .url()
    .default('https://demo.docusign.net/restapi')
    .describe(
      'eSignature REST base path: the developer environment by default; e.g. https://eu.docusign.net/restapi live.',
    ),
  DOCUSIGN_OAUTH_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'expected a host name such as account.docusign.com')
    .default('account-d.docusign.com')
    .describe('OAuth host: account-d.docusign.com (developer) or account.docusign.com (production).'),
})

const DOCUSIGN_NEEDS = [
  'DOCUSIGN_INTEGRATION_KEY',
  'DOCUSIGN_USER_ID',
  'DOCUSIGN_ACCOUNT_ID',
  'DOCUSIGN_PRIVATE_KEY_PEM',
  'DOCUSIGN_CONNECT_HMAC_SECRET',
  'PUBLIC_URL',
] as const

export function readEsign(env: z.output<typeof EsignEnv> & { PUBLIC_URL?: string | undefined }, ctx: SettingsContext) {
  if (env.ESIGN_PROVIDER === 'sandbox')
    return { esign: { kind: 'sandbox' as const, webhookSecret: env.ESIGN_WEBHOOK_SECRET } }
  const needed = requireSettings(env, DOCUSIGN_NEEDS)
  if (needed.missing) return refuse(ctx, `ESIGN_PROVIDER=docusign needs ${needed.missing.join(', ')}`)
  const { values } = needed
  return {
    esign: {
      kind: 'docusign' as const,
      integrationKey: values.DOCUSIGN_INTEGRATION_KEY,
      /** The DocuSign user the app acts as (JWT grant, consented once with `signature impersonation`). */
      userId: values.DOCUSIGN_USER_ID,
      accountId: values.DOCUSIGN_ACCOUNT_ID,
      privateKeyPem: pemFromEnv(values.DOCUSIGN_PRIVATE_KEY_PEM),
      /** Secret of the Connect configuration's HMAC key: checks X-DocuSign-Signature-1 (and -2 … while keys rotate). */
      connectHmacSecret: values.DOCUSIGN_CONNECT_HMAC_SECRET,
      basePath: env.DOCUSIGN_BASE_PATH.replace(/\/+$/, ''),
      oauthHost: env.DOCUSIGN_OAUTH_HOST,
      publicUrl: values.PUBLIC_URL.replace(/\/+$/, ''),
    },
  }
}

export type EsignSettings = ReturnType<typeof readEsign>['esign']
