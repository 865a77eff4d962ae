import { createHash, randomBytes } from 'node:crypto'
import { CRYPTO_DECIMALS } from '@exchange/shared/currencies'
import { compareAmounts, quoteForCrypto } from '@exchange/shared/money'
import { COIN_NETWORKS, type PartnerSessionRequest } from '@exchange/shared/partner-api.schemas'
import { isValidWalletAddress } from '@exchange/shared/wallet-addresses'
import { walletAddressMessage } from '@exchange/shared/wallets'
import { partnerHome } from '@exchange/shared/partner-web-paths'
import { partnerSessions } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { checkLimits } from '../orders/order-prices'
import type { PartnerApiDeps } from './partner-api-deps'
import { canonicalIp } from './ip-address'
import { returnUrlRefusal } from './partner-input'
import type { Partner } from './partner-records'

/** How long a way-in link opens anything: the customer is sent on at once, so five minutes is plenty. */
const PARTNER_LINK_MINUTES = 5

/** Which of the partner's order-field permissions each field of the request needs. */
const PERMISSIONS = {
  fiat: 'fiat',
  crypto: 'coin',
  network: 'network',
  fiatAmount: 'amount',
  cryptoAmount: 'amount',
  walletAddress: 'wallet',
} as const satisfies Record<string, keyof Partner['orderFields']>

function refuseIf(code: 'field_not_allowed' | 'validation_failed', fields: Record<string, string>) {
  if (Object.keys(fields).length > 0) throw new AppError(code, 400, { fields })
}

/** A field the partner's registration does not let it set, a crypto amount in a locked order, another chain. */
function refuseFieldsNotAllowed(partner: Partner, input: PartnerSessionRequest) {
  const fields: Record<string, string> = {}
  for (const [field, permission] of Object.entries(PERMISSIONS))
    if (input[field as keyof typeof PERMISSIONS] !== undefined && !partner.orderFields[permission])
      fields[field] = "is not among the fields the partner's registration lets it set"
  if (input.cryptoAmount !== undefined && partner.orderFields.locked)
    fields.cryptoAmount ??= 'a locked order takes a fiat amount'
  if (input.network !== undefined && input.crypto !== undefined && input.network !== COIN_NETWORKS[input.crypto])
    fields.network ??= `${input.crypto} is sent on ${COIN_NETWORKS[input.crypto]} only`
  refuseIf('field_not_allowed', fields)
}

/** Fields that only make sense together: an amount with its currency, a network or a wallet with its coin. */
function refuseIncomplete(input: PartnerSessionRequest) {
  const fields: Record<string, string> = {}
  const { fiat, crypto, fiatAmount, cryptoAmount, walletAddress, network } = input
  if (fiatAmount !== undefined && cryptoAmount !== undefined)
    fields.cryptoAmount = 'give a fiat amount or a crypto amount, not both'
  if ((fiatAmount ?? cryptoAmount) !== undefined && fiat === undefined)
    fields.fiat = 'is required with an amount (the limits are in fiat)'
  if ((cryptoAmount ?? network ?? walletAddress) !== undefined && crypto === undefined)
    fields.crypto = 'is required with a crypto amount, a network or a wallet address'
  if (crypto !== undefined && walletAddress !== undefined && !isValidWalletAddress(crypto, walletAddress))
    fields.walletAddress = walletAddressMessage(crypto)
  if (
    crypto !== undefined &&
    cryptoAmount !== undefined &&
    (cryptoAmount.split('.')[1]?.length ?? 0) > CRYPTO_DECIMALS[crypto]
  )
    fields.cryptoAmount ??= `has at most ${CRYPTO_DECIMALS[crypto]} decimals for ${crypto.toUpperCase()}`
  refuseIf('validation_failed', fields)
}

/** The fiat value of the amount the partner set, and the field it came in, or undefined when it set none. */
async function fiatValueOf({ rates }: Pick<PartnerApiDeps, 'rates'>, input: PartnerSessionRequest) {
  const { fiat, crypto, fiatAmount, cryptoAmount } = input
  if (fiat === undefined) return undefined
  if (fiatAmount !== undefined) return { fiat, amount: fiatAmount, field: 'fiatAmount' }
  if (cryptoAmount === undefined || crypto === undefined) return undefined
  const price = await rates.priceFor(crypto, fiat).catch((error: unknown) => {
    throw new AppError('rates_unavailable', 503, { retryAfterSeconds: 30, cause: error })
  })
  return {
    fiat,
    amount: quoteForCrypto(cryptoAmount, price, rates.decimalsOf(crypto)).fiatAmount,
    field: 'cryptoAmount',
  }
}

/** The order's limits (`checkLimits`, as at initiation): the partner hears of an amount out of range, not its customer. */
async function refuseOutsideLimits(deps: Pick<PartnerApiDeps, 'rates' | 'trading'>, input: PartnerSessionRequest) {
  const value = await fiatValueOf(deps, input)
  if (!value) return
  const limits = deps.trading.limits[value.fiat]
  const check = checkLimits(deps, value.fiat, value.amount)
  if (!limits || (!check.within && check.reason === 'unknown_fiat'))
    throw new AppError('asset_unavailable', 400, { fields: { fiat: 'is not sold' } })
  const range = `is worth ${value.amount} ${value.fiat.toUpperCase()}; an order takes ${limits.min} to ${limits.max}`
  if (!check.within) throw new AppError('amount_below_minimum', 400, { fields: { [value.field]: range } })
  if (compareAmounts(check.excess, '0') > 0)
    throw new AppError('amount_above_maximum', 400, { fields: { [value.field]: range } })
}

/**
 * `POST /v1/partner/sessions`: checks what the partner set against its registration and the order's limits, then
 * stores the way in with the hash of its single-use token. Answers the link, which holds the token this once: an
 * absolute address, at PUBLIC_URL, or where no public address is configured, at the address the api was called at
 * (`calledAt`, the partner's server's own request), since a partner cannot use a relative one.
 */
export async function openPartnerSession(
  deps: PartnerApiDeps,
  partner: Partner,
  keyId: string,
  input: PartnerSessionRequest,
  calledAt: string,
) {
  refuseFieldsNotAllowed(partner, input)
  const returnProblem = returnUrlRefusal(partner.returnUrls, input.returnUrl)
  if (returnProblem) throw new AppError('return_url_not_registered', 400, { fields: { returnUrl: returnProblem } })
  refuseIncomplete(input)
  await refuseOutsideLimits(deps, input)

  const token = randomBytes(32).toString('base64url')
  const now = deps.clock.now()
  const expiresAt = new Date(now.getTime() + PARTNER_LINK_MINUTES * 60_000)
  const [opened] = await deps.db
    .insert(partnerSessions)
    .values({
      partnerId: partner.id,
      keyId,
      tokenHash: createHash('sha256').update(token, 'utf8').digest('hex'),
      email: input.email,
      customerIp: canonicalIp(input.customerIp),
      bindIp: partner.bindSessionToIp,
      prefill: {
        fiat: input.fiat,
        crypto: input.crypto,
        network: input.network,
        fiatAmount: input.fiatAmount,
        cryptoAmount: input.cryptoAmount,
        wallet: input.walletAddress,
      },
      locked: partner.orderFields.locked,
      partnerOrderId: input.partnerOrderId ?? null,
      returnUrl: input.returnUrl,
      language: input.language ?? null,
      createdAt: now,
      expiresAt,
    })
    .returning({ id: partnerSessions.id })
  const link = new URLSearchParams({ partner: partner.slug, token })
  return {
    id: opened!.id,
    url: `${(deps.publicUrl || calledAt).replace(/\/+$/, '')}${partnerHome}?${link}`,
    expiresAt: expiresAt.toISOString(),
  }
}
