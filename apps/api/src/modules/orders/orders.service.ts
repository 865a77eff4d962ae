import { randomInt } from 'node:crypto'
import { and, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import {
  FIAT_DECIMALS,
  type CryptoCurrency,
  type FiatCurrency,
  assetIdOf,
  parseAssetId,
} from '@exchange/shared/currencies'
import {
  compareAmounts,
  formatAmount,
  isDecimalString,
  normalizeAmountInput,
  quoteForFiat,
  roundAmount,
  subtractAmounts,
} from '@exchange/shared/money'
import {
  OPEN_STATUSES,
  PAID_STATUSES,
  type MethodGroup,
  type OrderStatus,
  isCustomerTransitionAllowed,
  isTransitionAllowed,
} from '@exchange/shared/order-rules'
import type {
  MethodGroupOptions,
  OrderEvent,
  OrderInitiateBuyAnswer,
  OrderSummary,
} from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET, isValidWalletAddress } from '@exchange/shared/wallets'
import { JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { customers } from '../../db/tables/modules/customers'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { type OrderPaymentWay, orderEvents, orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { HISTORY_COUNT_CAP, historyCountQuery, historyPageQuery } from './history-queries'
import type { MethodOption, TradingConfig } from '../../trading'
import type { MailService } from '../mail/mail.service'
import type { RatesService } from '../rates/rates.service'
import { type KeyedCall, onceWithin } from '../request-keys/request-keys.service'
import { CUSTOMER_NOTES } from '@exchange/shared/order-notes'
import { type ChainNetwork, explorerTxUrl } from '@exchange/shared/explorers'

export interface OrderServiceDeps {
  db: Database
  clock: Clock
  rates: RatesService
  mail: MailService
  trading: TradingConfig
  quoteTtlSeconds: number
  /**
   * The journey engine's gate: refuses with `step_required` while the customer owes a step (decision 036). The caller
   * of the request decides whether the UK steps are asked by visitor country (decision 040).
   */
  assertMayStartOrder: (customerId: string, visitor?: Visitor) => Promise<void>
  /** The journey engine's gate before paying an order (decision 080): refuses with `step_required`. */
  assertMayPay: (
    customerId: string,
    order: { crypto: string; wallet: string; reference: string },
    visitor?: Visitor,
  ) => Promise<void>
  /** Where the liquidity provider delivers coins: a testnet links deliveries to the testnet explorers. */
  chainNetwork?: ChainNetwork
}

export type OrderRow = typeof orders.$inferSelect
type Actor = OrderEvent['actor']

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const REFERENCE_LENGTH = 10

/** Uppercase letters and digits from the CSPRNG, without look-alikes (0/O, 1/I) since people type references into bank forms. */
export function generateReference(length = REFERENCE_LENGTH): string {
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

export function toOrderSummary(row: OrderRow, methodName: string | null = null): OrderSummary {
  const crypto = row.crypto
  const fiat = row.fiat
  return {
    orderReference: row.reference,
    tranId: row.tranId,
    statusName: row.status,
    fiatCur: fiat,
    cryptoCur: crypto,
    assetId: assetIdOf(crypto, fiat),
    orderAmount: formatAmount(row.fiatAmount, FIAT_DECIMALS),
    fiatAmount: row.fiatAmount,
    cryptoAmount: stripScale(row.cryptoAmount),
    price: {
      mid: stripScale(row.midRate),
      spreadBps: row.spreadBps,
      feeBps: row.feeBps,
      rate: stripScale(row.customerRate),
      fee: row.fee,
      netFiat: row.netFiat,
    },
    orderWallet: row.wallet,
    azToken: row.affiliateToken,
    method: row.methodOption,
    methodName,
    createdAt: row.createdAt.toISOString(),
    priceExpiresAt: row.priceExpiresAt.toISOString(),
    decisionWaits: false,
  }
}

/** numeric(30,10) comes back with ten places; show the places the value has, keeping at least two. */
function stripScale(value: string): string {
  if (!value.includes('.')) return value
  const trimmed = value.replace(/0+$/, '')
  const [whole, fraction = ''] = trimmed.split('.')
  return `${whole}.${fraction.padEnd(2, '0')}`
}

/** How a customer reads the way an order is paid, from the option it chose. */
export function methodNameOf(
  row: Pick<OrderRow, 'methodGroup' | 'methodOption'>,
  trading: TradingConfig,
): string | null {
  if (!row.methodGroup) return null
  if (row.methodGroup === 'viban') return 'Transfer to your virtual IBAN'
  const bank = trading.paymentMethods.banks.find(
    (option) => option.id === row.methodOption || option.tlId === row.methodOption,
  )
  if (row.methodGroup === 'wire') return bank ? `Bank transfer from ${bank.name}` : 'Bank transfer'
  if (row.methodGroup === 'banks') return bank ? `Pay by bank: ${bank.name}` : 'Pay by bank'
  const group = row.methodGroup === 'alts' ? trading.paymentMethods.alts : trading.paymentMethods.psps
  return group.find((option) => option.id === row.methodOption)?.name ?? row.methodOption
}

export type OrderService = ReturnType<typeof createOrderService>

/** No settlement run holds the order (never held, released, or the hold of a crashed run has lapsed). */
export const settlementLeaseFree = (now: Date) =>
  or(isNull(orders.settlementLeaseUntil), lt(orders.settlementLeaseUntil, now))

/** Where an amount stands against the fiat's limits: what can be bought, and what has to go back. */
export type LimitCheck =
  { within: true; amount: string; excess: string } | { within: false; reason: 'below_minimum' | 'unknown_fiat' }

export function createOrderService({
  db,
  clock,
  rates,
  mail,
  trading,
  quoteTtlSeconds,
  assertMayStartOrder,
  assertMayPay,
  chainNetwork = 'mainnet',
}: OrderServiceDeps) {
  const summarize = (row: OrderRow) => toOrderSummary(row, methodNameOf(row, trading))

  /**
   * The fiat's limits applied to money in hand: below the minimum nothing is bought; above the maximum the maximum is
   * bought and the rest goes back. The same limits as at initiation (decision 013), so a re-price cannot pass them.
   */
  function checkLimits(fiat: FiatCurrency, amount: string): LimitCheck {
    const limits = trading.limits[fiat]
    if (!limits) return { within: false, reason: 'unknown_fiat' }
    if (compareAmounts(amount, limits.min) < 0) return { within: false, reason: 'below_minimum' }
    if (compareAmounts(amount, limits.max) > 0)
      return { within: true, amount: limits.max, excess: subtractAmounts(amount, limits.max) }
    return { within: true, amount, excess: '0.00' }
  }

  /** The smallest order in a fiat (decision 013); a late transfer below it buys nothing. */
  function minimumOf(fiat: FiatCurrency): string {
    return trading.limits[fiat]?.min ?? '0'
  }

  /**
   * The only place a price is fixed: at initiation, and when money that came after the price ran out is bought at the
   * current price. Answers the stored price columns, valid for QUOTE_TTL_SECONDS from now.
   */
  async function fixPrice(crypto: CryptoCurrency, fiat: FiatCurrency, amount: string) {
    const price = await rates.priceFor(crypto, fiat)
    const quote = quoteForFiat(amount, price, rates.decimalsOf(crypto))
    const now = clock.now()
    return {
      quote,
      columns: {
        fiatAmount: quote.fiatAmount,
        fee: quote.fee,
        netFiat: quote.netFiat,
        cryptoAmount: quote.cryptoAmount,
        midRate: price.mid,
        spreadBps: price.spreadBps,
        feeBps: price.feeBps,
        customerRate: quote.rate,
        rateSource: price.source,
        rateFetchedAt: price.fetchedAt,
        priceExpiresAt: new Date(now.getTime() + quoteTtlSeconds * 1000),
      },
    }
  }

  /** The order as it is now, its row held until the transaction ends: a decision on money reads it this way. */
  async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    return order
  }

  /**
   * Money that came after the price ran out, bought at the current price (a priced-again order is a new price, with
   * its own time): the amount must already be within the limits (`checkLimits`).
   */
  async function repriceOrder(
    tx: Database,
    order: OrderRow,
    priced: Awaited<ReturnType<typeof fixPrice>>,
  ): Promise<OrderRow> {
    const [updated] = await tx
      .update(orders)
      .set({ ...priced.columns, updatedAt: clock.now() })
      .where(eq(orders.id, order.id))
      .returning()
    return updated!
  }

  /** Holds a paid order for one settlement run (decision 019); undefined when another run holds it or it is not paid. */
  async function claimSettlementLease(orderId: string, leaseSeconds: number): Promise<OrderRow | undefined> {
    const now = clock.now()
    const [claimed] = await db
      .update(orders)
      .set({ settlementLeaseUntil: new Date(now.getTime() + leaseSeconds * 1000) })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.status, ['paid', 'awaiting_checks', 'processing']),
          settlementLeaseFree(now),
        ),
      )
      .returning()
    return claimed
  }

  async function releaseSettlementLease(orderId: string): Promise<void> {
    await db.update(orders).set({ settlementLeaseUntil: null }).where(eq(orders.id, orderId))
  }

  /** Marks (or clears, when a refusal sent nothing) that coins were asked to leave for this order's wallet. */
  async function setWithdrawalRequested(tx: Database, orderId: string, at: Date | null): Promise<OrderRow> {
    const [row] = await tx.update(orders).set({ withdrawalRequestedAt: at }).where(eq(orders.id, orderId)).returning()
    return row!
  }

  /** Records the journey step a held order's payout waits for, as the customer is told of it (null once it moves on). */
  async function setPayoutWaitsFor(tx: Database, orderId: string, step: string | null): Promise<OrderRow> {
    const [row] = await tx.update(orders).set({ payoutWaitsFor: step }).where(eq(orders.id, orderId)).returning()
    return row!
  }

  /**
   * `orderSetWallet`: the wallet of an order that has none, with the same checks as at initiation: a paid one, so that
   * delivery can resume, or one not yet paid, whose payment waits for a proven wallet (decision 080).
   */
  async function setWalletOfPaidOrder(customerId: string, reference: string, input: string): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const found = await findOwnOrder(tx, customerId, reference)
      const order = (await lockOrder(tx, found.id))!
      const takesWallet = order.status === 'initiated' || (PAID_STATUSES as readonly string[]).includes(order.status)
      if (!takesWallet || order.status === 'completed') throw new AppError('transition_not_allowed')
      if (order.wallet !== PLACEHOLDER_WALLET) throw new AppError('transition_not_allowed')
      const wallet = input.trim()
      if (!isValidWalletAddress(order.crypto, wallet)) throw new AppError('wallet_invalid')
      const [updated] = await tx
        .update(orders)
        .set({ wallet, updatedAt: clock.now() })
        .where(eq(orders.id, order.id))
        .returning()
      await recordOrderNote(tx, updated!, CUSTOMER_NOTES.walletGiven.operator(wallet), 'customer')
      return updated!
    })
  }

  /**
   * The way out of a payout held for checks (decision 085): the order goes to another wallet. Only while nothing was
   * bought for it; the caller holds the order's settlement lease and has checked that the wallet is proven.
   */
  async function changeWalletOfWaitingOrder(tx: Database, order: OrderRow, wallet: string): Promise<OrderRow> {
    if (!isValidWalletAddress(order.crypto, wallet)) throw new AppError('wallet_invalid')
    const [updated] = await tx
      .update(orders)
      .set({ wallet, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_checks')))
      .returning()
    if (!updated) throw new AppError('transition_not_allowed')
    await recordOrderNote(tx, updated, CUSTOMER_NOTES.walletChanged.operator(wallet, order.wallet), 'customer')
    return updated
  }

  /**
   * The one function that writes an order's status: checks the transition table, changes the row only if it
   * still has the status read (so two writers cannot both move it), and records the event.
   */
  async function applyTransition(
    tx: Database,
    order: OrderRow,
    to: OrderStatus,
    cause: string,
    actor: Actor,
  ): Promise<OrderRow> {
    const from = order.status
    if (!isTransitionAllowed(from, to)) throw new AppError('transition_not_allowed')
    const now = clock.now()
    const [updated] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning()
    if (!updated) throw new AppError('transition_not_allowed')
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, fromStatus: from, toStatus: to, cause, actor, createdAt: now })
    return updated
  }

  /** A timeline entry that changes no status, e.g. "the customer says the transfer is sent". */
  async function recordOrderNote(tx: Database, order: OrderRow, cause: string, actor: Actor): Promise<void> {
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      cause,
      actor,
      createdAt: clock.now(),
    })
  }

  async function findOwnOrder(tx: Database, customerId: string, reference: string): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)))
    // Someone else's reference answers exactly like an unknown one.
    if (!order) throw new AppError('order_not_found')
    return order
  }

  /**
   * `orderInitiateBuy`: fixes the price and creates the order. Answers what the customer is shown (plain JSON): sent
   * with an Idempotency-Key (`keyed`), a retry gets the same order back rather than a second one (decision 092).
   */
  async function initiateBuyOrder(
    customerId: string,
    input: { amount: string; assetId: string; wallet: string },
    visitor?: Visitor,
    keyed?: KeyedCall<InitiatedBuyOrder>,
  ): Promise<InitiatedBuyOrder> {
    const pair = parseAssetId(input.assetId)
    if (!pair) throw new AppError('asset_unavailable')
    const amount = normalizeAmountInput(input.amount)
    if (!isDecimalString(amount)) throw new AppError('validation_failed', 400)
    // The same limits as money that comes late (`checkLimits`); a new order above the maximum is refused outright.
    const limits = checkLimits(pair.fiat, amount)
    if (!limits.within)
      throw new AppError(limits.reason === 'unknown_fiat' ? 'asset_unavailable' : 'amount_below_minimum')
    if (compareAmounts(limits.excess, '0') > 0) throw new AppError('amount_above_maximum')
    const wallet = input.wallet.trim() === '' ? PLACEHOLDER_WALLET : input.wallet.trim()
    if (wallet !== PLACEHOLDER_WALLET && !isValidWalletAddress(pair.crypto, wallet))
      throw new AppError('wallet_invalid')
    // After the input is known to be good, so a malformed request still answers its field errors.
    await assertMayStartOrder(customerId, visitor)

    const { quote, columns } = await fixPrice(pair.crypto, pair.fiat, amount)
    const now = clock.now()

    const initiated = await db.transaction((tx) =>
      onceWithin(tx, keyed, async () => {
        const [customer] = await tx
          .select({ affiliateToken: customers.affiliateToken })
          .from(customers)
          .where(eq(customers.id, customerId))
        if (!customer) throw new AppError('unauthorized', 401)
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
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await tx.insert(orderEvents).values({
          orderId: created!.id,
          fromStatus: null,
          toStatus: 'initiated',
          cause: CUSTOMER_NOTES.created.operator(),
          actor: 'customer',
          createdAt: now,
        })
        return initiatedBuyOrder(created!, quote)
      }),
    )
    await sendCreatedMailOnce(initiated.reference)
    return initiated
  }

  /** The order-created e-mail, at most once per order, whoever asks for it. */
  async function sendCreatedMailOnce(reference: string): Promise<void> {
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
    if (customer) await mail.sendOrderCreated(customer.email, summarize(claimed), claimed.rateSource === 'sandbox')
  }

  /** `exchangeUpdateOrder`: only the moves a customer may make on their own order. */
  async function updateOrderStatusByCustomer(
    customerId: string,
    reference: string,
    to: OrderStatus,
    visitor?: Visitor,
  ): Promise<OrderStatus> {
    if (to === 'awaiting_payment') {
      const order = await findOwnOrder(db, customerId, reference)
      if (order.status !== 'awaiting_payment') await assertMayPay(customerId, order, visitor)
    }
    return db.transaction(async (tx) => {
      const order = await findOwnOrder(tx, customerId, reference)
      const from = order.status
      if (!isCustomerTransitionAllowed(from, to)) throw new AppError('transition_not_allowed')
      if (from === to) return from
      if (to === 'awaiting_payment' && order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
      const cause = (
        to === 'cancelled'
          ? CUSTOMER_NOTES.cancelled
          : to === 'failed'
            ? CUSTOMER_NOTES.cameBackFailed
            : CUSTOMER_NOTES.startedPayment
      ).operator()
      return (await applyTransition(tx, order, to, cause, 'customer')).status
    })
  }

  function optionsFor(group: MethodGroup, order: OrderRow, country: string | null): MethodOption[] {
    return trading.paymentMethods[group].filter((option) => {
      if (option.fiats && !option.fiats.includes(order.fiat)) return false
      if (option.minAmount && compareAmounts(order.fiatAmount, option.minAmount) < 0) return false
      if (option.maxAmount && compareAmounts(order.fiatAmount, option.maxAmount) > 0) return false
      if (option.countries && (!country || !option.countries.includes(country))) return false
      return true
    })
  }

  /** `orderBuyGetMethods`: the groups with the options that suit this order's fiat, amount and the customer's country. */
  async function paymentMethodsFor(
    customerId: string,
    reference: string,
  ): Promise<Record<MethodGroup, MethodGroupOptions>> {
    const order = await findOwnOrder(db, customerId, reference)
    const [customer] = await db
      .select({ country: customers.country })
      .from(customers)
      .where(eq(customers.id, customerId))
    const group = (name: MethodGroup): MethodGroupOptions => {
      const options = optionsFor(name, order, customer?.country ?? null).map(({ id, name: label, tlId }) => ({
        id,
        name: label,
        ...(tlId && { tlId }),
      }))
      return { options, allowed: options.length > 0, selected: order.methodGroup === name ? order.methodOption : null }
    }
    return { psps: group('psps'), banks: group('banks'), alts: group('alts') }
  }

  async function selectPaymentMethod(
    customerId: string,
    reference: string,
    group: MethodGroup,
    optionId: string,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await findOwnOrder(tx, customerId, reference)
      if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) throw new AppError('transition_not_allowed')
      const [customer] = await tx
        .select({ country: customers.country })
        .from(customers)
        .where(eq(customers.id, customerId))
      if (!optionsFor(group, order, customer?.country ?? null).some((option) => option.id === optionId))
        throw new AppError('method_unavailable')
      await keepPaymentMethod(tx, order.id, group, optionId)
    })
  }

  /** The way the order is paid, as the customer chose it (a method group and its option, or a bank method). */
  async function keepPaymentMethod(
    tx: Database,
    orderId: string,
    group: OrderPaymentWay,
    option: string,
  ): Promise<void> {
    await tx
      .update(orders)
      .set({ methodGroup: group, methodOption: option, updatedAt: clock.now() })
      .where(eq(orders.id, orderId))
  }

  /**
   * A page of the customer's orders, newest first (decision 053): after the order `after` names (a page read from its
   * place in the index, as deep as the history goes), or at a page number. The total is counted up to
   * `HISTORY_COUNT_CAP`; `totalCapped` tells there are more.
   */
  async function orderHistory(customerId: string, request: { page: number; pageSize: number; after?: string }) {
    const { page, pageSize, after } = request
    const anchor = after === undefined ? undefined : await findOwnOrder(db, customerId, after)
    const [fetched, [counted]] = await Promise.all([
      historyPageQuery(db, customerId, { page, pageSize, afterOrderId: anchor?.id }),
      historyCountQuery(db, customerId),
    ])
    const rows = fetched.slice(0, pageSize)
    const total = Math.min(counted?.value ?? 0, HISTORY_COUNT_CAP)
    const waiting =
      rows.length === 0
        ? []
        : await db
            .select({ orderId: incomingTransfers.orderId })
            .from(incomingTransfers)
            .where(
              and(
                inArray(
                  incomingTransfers.orderId,
                  rows.map((row) => row.id),
                ),
                eq(incomingTransfers.outcome, 'late_awaiting_consent'),
              ),
            )
    const decisionWaits = new Set(waiting.map((transfer) => transfer.orderId))
    // Only an expired order still takes the customer's choice; once decided, the transfer's outcome moves on.
    const summaries = rows.map((row) => ({
      ...summarize(row),
      decisionWaits: row.status === 'expired' && decisionWaits.has(row.id),
    }))
    return {
      orders: summaries,
      page,
      pageSize,
      total,
      totalCapped: (counted?.value ?? 0) > HISTORY_COUNT_CAP,
      nextAfter: fetched.length > pageSize ? (rows.at(-1)?.reference ?? null) : null,
    }
  }

  /**
   * The coins' transaction of a delivered order: its id and explorer page, or that the sandbox simulated it (no page
   * to link). Null until coins were sent.
   */
  async function deliveryOf(order: OrderRow) {
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
    if (!delivery?.txId) return null
    return {
      txId: delivery.txId,
      simulated: delivery.simulated,
      network: chainNetwork,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      explorerUrl: delivery.simulated ? null : explorerTxUrl(order.crypto, chainNetwork, delivery.txId),
    }
  }

  async function orderDetail(customerId: string, reference: string) {
    const order = await findOwnOrder(db, customerId, reference)
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id)
    const [late] = await db
      .select({
        amount: incomingTransfers.amount,
        currency: incomingTransfers.currency,
        receivedAt: incomingTransfers.receivedAt,
      })
      .from(incomingTransfers)
      .where(and(eq(incomingTransfers.orderId, order.id), eq(incomingTransfers.outcome, 'late_awaiting_consent')))
      .orderBy(desc(incomingTransfers.receivedAt))
      .limit(1)
    const [held] =
      order.status === 'payment_review'
        ? await db
            .select({
              amount: incomingTransfers.amount,
              currency: incomingTransfers.currency,
              receivedAt: incomingTransfers.receivedAt,
              payerName: incomingTransfers.payerName,
            })
            .from(incomingTransfers)
            .where(and(eq(incomingTransfers.orderId, order.id), eq(incomingTransfers.outcome, 'held_name_mismatch')))
            .orderBy(desc(incomingTransfers.receivedAt))
            .limit(1)
        : []
    const heldBecause = events.findLast(
      (event) => event.toStatus === 'payment_review' && event.fromStatus !== event.toStatus,
    )
    const waitsFor = order.status === 'awaiting_checks' ? JourneyStepId.safeParse(order.payoutWaitsFor) : undefined
    return {
      delivery: await deliveryOf(order),
      payoutWaitsFor: waitsFor?.success
        ? { step: waitsFor.data, screen: payoutStepScreen(waitsFor.data, order.reference) }
        : null,
      latePayment: late
        ? { amount: late.amount, currency: late.currency, receivedAt: late.receivedAt.toISOString() }
        : null,
      review: held
        ? {
            amount: held.amount,
            currency: held.currency,
            receivedAt: held.receivedAt.toISOString(),
            payerName: held.payerName,
            reason: heldBecause?.cause ?? 'Your payment is held for a check.',
            shortfall:
              compareAmounts(held.amount, order.fiatAmount) < 0
                ? roundAmount(subtractAmounts(order.fiatAmount, held.amount), FIAT_DECIMALS)
                : null,
          }
        : null,
      order: summarize(order),
      events: events.map((event) => ({
        at: event.createdAt.toISOString(),
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        cause: event.cause,
        actor: event.actor,
      })),
    }
  }

  /** The expiry job: open orders whose price time ran out without payment become expired. */
  async function expireOrders(): Promise<number> {
    const due = await db
      .select()
      .from(orders)
      .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.priceExpiresAt, clock.now())))
      .limit(500)
    let expired = 0
    for (const order of due) {
      try {
        await db.transaction((tx) =>
          applyTransition(tx, order, 'expired', 'The price time ran out before payment', 'system'),
        )
        expired++
      } catch (error) {
        // Another process or the customer moved it first: nothing to do.
        if (!(error instanceof AppError && error.code === 'transition_not_allowed')) throw error
      }
    }
    return expired
  }

  return {
    applyTransition,
    recordOrderNote,
    checkLimits,
    minimumOf,
    fixPrice,
    lockOrder,
    repriceOrder,
    changeWalletOfWaitingOrder,
    claimSettlementLease,
    releaseSettlementLease,
    setWithdrawalRequested,
    setPayoutWaitsFor,
    setWalletOfPaidOrder,
    keepPaymentMethod,
    findOwnOrder,
    initiateBuyOrder,
    sendCreatedMailOnce,
    updateOrderStatusByCustomer,
    paymentMethodsFor,
    selectPaymentMethod,
    orderHistory,
    orderDetail,
    expireOrders,
  }
}
