import { createPrivateKey, createPublicKey } from 'node:crypto'
import { z } from 'zod'
import { FiatCurrency } from '@exchange/shared/currencies'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import {
  type SettingsContext,
  jsonFromEnv,
  listFromEnv,
  pemFromEnv,
  refuse,
  requireSettings,
} from '../../config/values/env-values'

/** The bank partner's variables: receiving accounts, virtual IBANs, transfer notices (decision 018). */
export const BankEnv = z.object({
  BANK_PARTNER: z
    .enum(['sandbox', 'clearbank'])
    .default('sandbox')
    .describe(
      "Bank partner (receiving accounts, virtual IBANs, transfer notices): the sandbox bank, or ClearBank's institution api.",
    ),
  BANK_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Secret the sandbox bank signs its transfer notices with; derived locally when unset.'),
  CLEARBANK_ENVIRONMENT: z
    .enum(['simulation', 'production'])
    .default('simulation')
    .describe("ClearBank's environment: `production` moves real money."),
  CLEARBANK_API_TOKEN: z.string().min(1).optional().describe("The api token issued in ClearBank's portal."),
  CLEARBANK_PRIVATE_KEY_PEM: z
    .string()
    .min(1)
    .optional()
    .describe(
      'PEM of our RSA key registered with ClearBank (signs requests and webhook answers; newlines may be written as \\n).',
    ),
  CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: z
    .string()
    .min(1)
    .optional()
    .describe("PEM of ClearBank's key for our institution's webhooks (portal, Webhook Management)."),
  CLEARBANK_RECEIVING_IBANS: z
    .string()
    .optional()
    .describe(
      'JSON: the company\'s receiving account per fiat, e.g. {"gbp":"GB…","eur":"GB…"}; fiats without one offer no wire.',
    ),
  CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID: z
    .uuid()
    .optional()
    .describe("ClearBank id of the multi-currency account the customers' virtual accounts are opened under."),
  CLEARBANK_VIRTUAL_IBAN_FIATS: z
    .string()
    .default('eur')
    .describe(
      'Comma-separated fiats that multi-currency account holds, e.g. "eur,usd": virtual IBANs are offered for these only.',
    ),
})

const CLEARBANK_NEEDS = [
  'CLEARBANK_API_TOKEN',
  'CLEARBANK_PRIVATE_KEY_PEM',
  'CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM',
  'CLEARBANK_RECEIVING_IBANS',
  'CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID',
] as const

const ReceivingIbans = z.partialRecord(
  FiatCurrency,
  z.string().transform(normalizeIban).refine(isValidIban, 'not a valid IBAN'),
)

export function readBank(env: z.output<typeof BankEnv>, ctx: SettingsContext) {
  return { bankPartner: readPartner(env, ctx), bankWebhookSecret: env.BANK_WEBHOOK_SECRET }
}

function readPartner(env: z.output<typeof BankEnv>, ctx: SettingsContext) {
  if (env.BANK_PARTNER === 'sandbox') return { kind: 'sandbox' as const }
  const needed = requireSettings(env, CLEARBANK_NEEDS)
  if (needed.missing) return refuse(ctx, `BANK_PARTNER=clearbank needs ${needed.missing.join(', ')}`)
  const { values } = needed
  const ibans = ReceivingIbans.safeParse(jsonFromEnv(values.CLEARBANK_RECEIVING_IBANS))
  if (!ibans.success)
    return refuse(
      ctx,
      'expected JSON like {"gbp":"GB33BUKB20201555555555"} with valid IBANs per fiat',
      'CLEARBANK_RECEIVING_IBANS',
    )
  const fiats = z
    .array(FiatCurrency)
    .min(1)
    .safeParse(listFromEnv(env.CLEARBANK_VIRTUAL_IBAN_FIATS).map((fiat) => fiat.toLowerCase()))
  if (!fiats.success)
    return refuse(ctx, 'expected fiats separated by commas, e.g. eur,usd', 'CLEARBANK_VIRTUAL_IBAN_FIATS')
  const privateKeyPem = pemFromEnv(values.CLEARBANK_PRIVATE_KEY_PEM)
  const webhookPublicKeyPem = pemFromEnv(values.CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM)
  if (!isRsaKey(() => createPrivateKey(privateKeyPem)))
    return refuse(ctx, 'expected an RSA key in PEM form', 'CLEARBANK_PRIVATE_KEY_PEM')
  if (!isRsaKey(() => createPublicKey(webhookPublicKeyPem)))
    return refuse(ctx, 'expected an RSA key in PEM form', 'CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM')
  return {
    kind: 'clearbank' as const,
    environment: env.CLEARBANK_ENVIRONMENT,
    apiToken: values.CLEARBANK_API_TOKEN,
    privateKeyPem,
    webhookPublicKeyPem,
    receivingIbans: ibans.data,
    virtualAccountsParentId: values.CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID,
    virtualIbanFiats: fiats.data,
  }
}

function isRsaKey(read: () => { asymmetricKeyType?: string }) {
  try {
    return read().asymmetricKeyType === 'rsa'
  } catch {
    return false
  }
}

export type BankPartnerSettings = ReturnType<typeof readBank>['bankPartner']
