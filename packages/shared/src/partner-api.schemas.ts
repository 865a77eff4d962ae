import { z } from 'zod'
import { successAnswer } from './answer'
import { CryptoCurrency, FiatCurrency } from './currencies'
import { LanguageChoice } from './language.schemas'
import { LANGUAGES } from './languages'
import { FiatAmountString } from './money'
import { PartnerOrderStatus } from './partner.schemas'
import { Email } from './validators'

/**
 * The partner api (decision 113): what a partner's server sends and reads under `/v1/partner/`, with its key
 * `Authorization: Bearer hvxp_<keyId>_<secret>`. The exchange's web never calls it.
 */

/** The chain each coin is sent on: one today. A partner that names a network names this one. */
export const COIN_NETWORKS = {
  btc: 'bitcoin',
  eth: 'ethereum',
  usdt: 'ethereum',
  usdc: 'ethereum',
  xrp: 'xrp-ledger',
  trx: 'tron',
  dot: 'polkadot',
  eos: 'eos',
  ada: 'cardano',
  avax: 'avalanche-c',
} as const satisfies Record<CryptoCurrency, string>

/** The languages a partner may ask the customer's pages in: the product's (decision 131). */
export const PARTNER_LANGUAGES = LANGUAGES

/** A crypto amount as text: the coin's own decimals are checked once the coin is known. */
const CryptoAmountString = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'Must be a decimal amount as text, e.g. "0.015"')

/** Printable ASCII, no space at either end: the partner's own id of the order, sent back to it as it was given. */
const PartnerOrderId = z
  .string()
  .regex(/^[!-~](?:[ -~]{0,62}[!-~])?$/, 'Must be 1 to 64 printable characters, without a space at either end')

/** `POST /v1/partner/sessions`: a way in for one customer, made by the partner's server. */
export const PartnerSessionRequest = z.object({
  email: Email,
  /** The customer's address as the partner's server saw it. */
  customerIp: z.union([z.ipv4(), z.ipv6()], { error: 'Must be an IPv4 or IPv6 address' }),
  fiat: FiatCurrency.optional(),
  crypto: CryptoCurrency.optional(),
  network: z.string().max(40).optional(),
  fiatAmount: FiatAmountString.optional(),
  cryptoAmount: CryptoAmountString.optional(),
  walletAddress: z.string().trim().min(1).max(128).optional(),
  partnerOrderId: PartnerOrderId.optional(),
  returnUrl: z.string().max(2048),
  /** The customer's pages in this language, and a new customer's e-mails (decision 131). */
  language: LanguageChoice.optional(),
})
export type PartnerSessionRequest = z.infer<typeof PartnerSessionRequest>

export const PartnerSessionAnswer = successAnswer({
  data: z.object({
    id: z.string(),
    /** `<public address>/mp?partner=<slug>&token=<43 characters>`: once, within five minutes. */
    url: z.string(),
    expiresAt: z.string(),
  }),
})

/** An order as its partner reads it: no personal data of the customer. */
export const PartnerOrder = z.object({
  reference: z.string(),
  partnerOrderId: z.string().nullable(),
  status: PartnerOrderStatus,
  fiat: FiatCurrency,
  fiatAmount: z.string(),
  fee: z.string(),
  netFiat: z.string(),
  crypto: CryptoCurrency,
  cryptoAmount: z.string(),
  rate: z.string(),
  /** Null while the customer has not given one. */
  wallet: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Once the coins were sent: the transaction, and its explorer page (none for a sandbox delivery). */
  txId: z.string().nullable(),
  explorerUrl: z.string().nullable(),
})
export type PartnerOrder = z.infer<typeof PartnerOrder>

export const PartnerOrderParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'Not a reference') })

/** `GET /v1/partner/orders`: newest first, `limit` at a time, after the `cursor` of the page before; or by its own id. */
export const PartnerOrdersQuery = z
  .object({
    partnerOrderId: PartnerOrderId.optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, 'Must be a whole number from 1 to 100')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Must be from 1 to 100').max(100, 'Must be from 1 to 100'))
      .optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/, 'Not a cursor')
      .optional(),
  })
  .strict()
export type PartnerOrdersQuery = z.infer<typeof PartnerOrdersQuery>

export const PartnerOrderAnswer = successAnswer({ data: PartnerOrder })
export const PartnerOrdersAnswer = successAnswer({
  data: z.object({
    orders: z.array(PartnerOrder),
    /** The cursor of the next page; null on the last. */
    nextCursor: z.string().nullable(),
  }),
})
