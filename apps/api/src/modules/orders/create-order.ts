import { randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { parseAssetId } from '@exchange/shared/currencies'
import { compareAmounts, isDecimalString, normalizeAmountInput, type quoteForFiat } from '@exchange/shared/money'
import type { OrderInitiateBuyAnswer } from '@exchange/shared/orders.schemas'
import { isValidWalletAddress } from '@exchange/shared/wallet-addresses'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { type KeyedCall, onceWithin } from '../request-keys/request-keys.service'
import { checkLimits, fixPrice } from './order-prices'
import { summarize } from './order-summary'
import { recordOrderCreated } from './order-trail'
import type { OrderRow, OrderServiceDeps, PartnerVisitTerms } from './orders-deps'

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const REFERENCE_LENGTH = 10

/** Uppercase letters and digits from the CSPRNG, without look-alikes (0/O, 1/I) since people type references into bank forms. */
function generateReference(length = REFERENCE_LENGTH): string {
  let reference = ''
  for (let i = 0; i < length; i++) reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return reference
}

function generateTranId(): string {
  return `TX${Array.from({ length: 14 }, () => randomInt(10)).join('')}`
}

/** What `orderInitiateBuy` answers of a new order: the price it fixed, until when. */
export type InitiatedBuyOrder = Extract<OrderInitiateBuyAnswer, { result: true }>['data']

function initiatedBuyOrder(order: OrderRow, quote: ReturnType<typeof quoteForFiat>): InitiatedBuyOrder {
  return {
    reference: order.reference,
    tranId: order.tranId,
    fiatAmount: quote.fiatAmount,
    cryptoAmount: quote.cryptoAmount,
    price: {
      mid: order.midRate,
      spreadBps: order.spreadBps,
      feeBps: order.feeBps,
      rate: quote.rate,
      fee: quote.fee,
      netFiat: quote.netFiat,
    },
    priceExpiresAt: order.priceExpiresAt.toISOString(),
  }
}

/** Wallets compared as their chains do: EVM addresses whatever their letters' case, others exactly. */
function sameWallet(a: string, b: string): boolean {
  return a === b || (/^0x/i.test(a) && a.toLowerCase() === b.toLowerCase())
}

/**
 * The terms of the partner's visit the session is bound to, after checking that the order keeps what a locked
 * prefill set: a change is refused `field_locked`, naming the field (decision 114).
 */
async function visitTermsFor(
  deps: OrderServiceDeps,
  partnerSessionId: string | undefined,
  order: { fiat: string; crypto: string; amount: string; wallet: string },
): Promise<PartnerVisitTerms | undefined> {
  if (!partnerSessionId || !deps.partnerVisitOf) return undefined
  const terms = await deps.partnerVisitOf(partnerSessionId)
  if (!terms?.locked) return terms
  const { fiat, crypto, fiatAmount, wallet } = terms.prefill
  const changed = (field: string) => new AppError('field_locked', 400, { fields: { [field]: 'is set by the partner' } })
  if (fiat !== undefined && fiat.toLowerCase() !== order.fiat) throw changed('assetId')
  if (crypto !== undefined && crypto.toLowerCase() !== order.crypto) throw changed('assetId')
  if (fiatAmount !== undefined && compareAmounts(order.amount, fiatAmount) !== 0) throw changed('amount')
  if (wallet !== undefined && !sameWallet(wallet.trim(), order.wallet)) throw changed('wallet')
  return terms
}

/**
 * `orderInitiateBuy`: fixes the price and creates the order. Answers what the customer is shown (plain JSON): sent
 * with an Idempotency-Key (`keyed`), a retry gets the same order back rather than a second one (decision 092).
 */
export async function initiateBuyOrder(
  deps: OrderServiceDeps,
  customerId: string,
  input: { amount: string; assetId: string; wallet: string },
  visitor?: Visitor,
  keyed?: KeyedCall<InitiatedBuyOrder>,
  /** The partner's visit the session is bound to: its locks are kept and the order stamped with it. */
  partnerSessionId?: string,
): Promise<InitiatedBuyOrder> {
  const { db, clock } = deps
  const pair = parseAssetId(input.assetId)
  if (!pair) throw new AppError('asset_unavailable')
  const amount = normalizeAmountInput(input.amount)
  if (!isDecimalString(amount)) throw new AppError('validation_failed', 400)
  const wallet = input.wallet.trim() === '' ? PLACEHOLDER_WALLET : input.wallet.trim()
  // Before the other checks: a change to what the partner locked is told as such, whatever else is wrong with it.
  const visit = await visitTermsFor(deps, partnerSessionId, { ...pair, amount, wallet })
  // The same limits as money that comes late (`checkLimits`); a new order above the maximum is refused outright.
  const limits = checkLimits(deps, pair.fiat, amount)
  if (!limits.within)
    throw new AppError(limits.reason === 'unknown_fiat' ? 'asset_unavailable' : 'amount_below_minimum')
  if (compareAmounts(limits.excess, '0') > 0) throw new AppError('amount_above_maximum')
  if (wallet !== PLACEHOLDER_WALLET && !isValidWalletAddress(pair.crypto, wallet)) throw new AppError('wallet_invalid')
  // After the input is known to be good, so a malformed request still answers its field errors.
  await deps.assertMayStartOrder(customerId, visitor)

  const { quote, columns } = await fixPrice(deps, pair.crypto, pair.fiat, amount)
  const now = clock.now()

  const initiated = await db.transaction((tx) =>
    onceWithin(tx, keyed, async () => {
      // The customer's row is held (shared) until the order is in: a closing of the account waits for it and then
      // sees the order in progress; closed first, the order is refused (decision 121).
      const [customer] = await tx
        .select({ affiliateToken: customers.affiliateToken, closedAt: customers.closedAt })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('share')
      if (!customer || customer.closedAt) throw new AppError('unauthorized', 401)
      const [created] = await tx
        .insert(orders)
        .values({
          reference: generateReference(),
          tranId: generateTranId(),
          customerId,
          status: 'initiated',
          fiat: pair.fiat,
          crypto: pair.crypto,
          ...columns,
          wallet,
          affiliateToken: customer.affiliateToken,
          ...(visit && {
            partnerId: visit.partnerId,
            partnerOrderId: visit.partnerOrderId,
            partnerSessionId,
          }),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await recordOrderCreated(tx, created!, now)
      return initiatedBuyOrder(created!, quote)
    }),
  )
  await sendCreatedMailOnce(deps, initiated.reference)
  return initiated
}

/** The order-created e-mail, at most once per order, whoever asks for it. */
export async function sendCreatedMailOnce(
  { db, clock, mail, trading }: Pick<OrderServiceDeps, 'db' | 'clock' | 'mail' | 'trading'>,
  reference: string,
): Promise<void> {
  const [claimed] = await db
    .update(orders)
    .set({ createdMailSentAt: clock.now() })
    .where(and(eq(orders.reference, reference), isNull(orders.createdMailSentAt)))
    .returning()
  if (!claimed) return
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, claimed.customerId))
  if (customer)
    await mail.sendOrderCreated(customer.email, summarize(trading, claimed), claimed.rateSource === 'sandbox')
}
