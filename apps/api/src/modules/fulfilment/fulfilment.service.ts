import { and, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'
import { CRYPTO_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import { isPaid, type OrderStatus } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { buyIntents, deliveries } from '../../db/tables/modules/fulfilment'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { type Fill, type LiquidityProvider, LiquidityRefused } from '../../providers/liquidity/liquidity.provider'
import type { OrderMail } from '../order-mail/order-mail'
import { type OrderRow, type OrderService, settlementLeaseFree } from '../orders/orders.service'

/** How long one settlement run may hold an order: well past the liquidity provider's slowest answer. */
const SETTLEMENT_LEASE_SECONDS = 120
/** The retry job leaves an order alone this long after its last change, so that the run that paid it goes first. */
const SETTLEMENT_RETRY_AFTER_SECONDS = 60
const SETTLEMENT_BATCH = 20

/** A step the customer still owes before crypto may leave for them, as the customer is told of it. */
export interface PayoutStep {
  /** The journey's step id, e.g. `identity`. */
  step: string
  /** What the customer is asked to do, after "The law asks us to …", e.g. "confirm your identity". */
  what: string
  /** Where the customer does it. */
  link: string
  /** The step was refused for good (a final identity rejection): the order's money goes back instead of waiting. */
  refused?: boolean
}

export interface FulfilmentDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  liquidity: LiquidityProvider
  orderMail: OrderMail
  /** Where the customer gives the wallet of a paid order that has none (the web's order page). */
  walletLink: (reference: string) => string
  /**
   * The step that holds the payout of this order (its wallet included), or null when none does (the journey engine,
   * decisions 033 and 039).
   */
  payoutGate: (
    customerId: string,
    order: { reference: string; crypto: string; wallet: string },
  ) => Promise<PayoutStep | null>
  /** The wallets module's: whether the customer proved this wallet for this order (decision 084). */
  isWalletProven: (customerId: string, crypto: string, address: string, orderReference: string) => Promise<boolean>
  /** Refunds a paid order this module holds under its lease (the refunds module's door); answers its new status. */
  refundHeldOrder: (order: OrderRow, reason: string) => Promise<OrderStatus>
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>

/**
 * A paid order becomes coins in the customer's wallet: bought from the liquidity provider, withdrawn, delivered. The
 * only writer of deliveries and buy intents. One run at a time per order (a lease on the order, decision 019).
 */
export function createFulfilmentService({
  db,
  clock,
  orderService,
  liquidity,
  orderMail,
  walletLink,
  payoutGate,
  isWalletProven,
  refundHeldOrder,
  log,
}: FulfilmentDeps) {
  async function emailOf(customerId: string, executor: Database = db) {
    const [customer] = await executor
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))
    return customer?.email
  }

  const coinsOf = (order: OrderRow) =>
    `${formatAmount(order.cryptoAmount, CRYPTO_DECIMALS[order.crypto])} ${order.crypto.toUpperCase()}`

  /**
   * Runs `work` while holding the order for it alone, so that two runs (a notice, the customer's `orderLpToBroker`,
   * the retry job, an operator, another process) never buy, withdraw or refund the same order at once. Answers
   * `held` when another run holds it or it is no longer paid or processing. A crashed run's hold lapses after the lease.
   */
  async function withSettlementLease<T>(
    orderId: string,
    work: (order: OrderRow) => Promise<T>,
  ): Promise<{ held: true } | { held: false; result: T }> {
    const claimed = await orderService.claimSettlementLease(orderId, SETTLEMENT_LEASE_SECONDS)
    if (!claimed) return { held: true }
    try {
      return { held: false, result: await work(claimed) }
    } finally {
      await orderService.releaseSettlementLease(orderId)
    }
  }

  async function statusOf(orderId: string): Promise<OrderStatus> {
    const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    if (!current) throw new AppError('order_not_found')
    return current.status
  }

  /** The coins reached the customer's wallet: the order completes and the customer hears of it with the transaction id. */
  async function completeDelivery(
    order: OrderRow,
    txId: string,
    cause: string,
    actor: 'system' | 'operator',
  ): Promise<OrderStatus> {
    const done = await db.transaction(async (tx) => {
      await tx.update(deliveries).set({ txId, deliveredAt: clock.now() }).where(eq(deliveries.orderId, order.id))
      const completed = await orderService.applyTransition(tx, order, 'completed', cause, actor)
      const email = await emailOf(order.customerId, tx)
      if (email)
        await orderMail.send(
          {
            to: email,
            reference: order.reference,
            event: {
              kind: 'order_completed',
              coins: coinsOf(order),
              wallet: order.wallet,
              txId,
              simulated: liquidity.simulated,
            },
          },
          tx,
        )
      return completed
    })
    return done.status
  }

  /**
   * Buys the coins of a paid order at most once, across crashes (decision 031). Each buy is stored as an intent before
   * the provider is asked, and placed under the intent's id as client order id. A run that finds an intent still
   * `placed` (the run that placed it stopped before storing the fill) asks the provider about it first: a fill found
   * is taken instead of buying; `not_found` or `cancelled` voids the intent and buys under a new one; an order still
   * open at the provider is asked about again by a later run; a partial fill waits for a person. Answers null when
   * nothing is to be stored now.
   */
  async function buyOnce(order: OrderRow): Promise<{ fill: Fill; intentId: string } | null> {
    const crypto = order.crypto
    const fiat = order.fiat
    const earlier = await db
      .select()
      .from(buyIntents)
      .where(and(eq(buyIntents.orderId, order.id), inArray(buyIntents.state, ['placed', 'partially_filled'])))
    if (earlier.some((intent) => intent.state === 'partially_filled')) {
      log.error({ order: order.reference }, 'buy partly filled at the liquidity provider; waiting for an operator')
      return null
    }
    const placed = earlier[0]
    if (placed) {
      const lookup = await liquidity.findBuy({ clientOrderId: placed.id, crypto, fiat })
      if (lookup.state === 'filled') return { fill: lookup.fill, intentId: placed.id }
      if (lookup.state === 'open') {
        log.warn({ order: order.reference, intent: placed.id }, 'buy still open at the liquidity provider')
        return null
      }
      const state = lookup.state === 'partially_filled' ? 'partially_filled' : 'void'
      await db.update(buyIntents).set({ state, decidedAt: clock.now() }).where(eq(buyIntents.id, placed.id))
      if (state === 'partially_filled') {
        log.error({ order: order.reference, intent: placed.id }, 'buy partly filled at the liquidity provider')
        return null
      }
    }
    const [intent] = await db
      .insert(buyIntents)
      .values({ orderId: order.id, state: 'placed', createdAt: clock.now() })
      .returning({ id: buyIntents.id })
    try {
      const fill = await liquidity.buy({
        reference: order.reference,
        clientOrderId: intent!.id,
        crypto,
        fiat,
        cryptoAmount: order.cryptoAmount,
        price: order.customerRate,
      })
      return { fill, intentId: intent!.id }
    } catch (error) {
      // A refusal bought nothing: its intent is void. Any other failure leaves it placed, for the next run to ask about.
      if (error instanceof LiquidityRefused)
        await db.update(buyIntents).set({ state: 'void', decidedAt: clock.now() }).where(eq(buyIntents.id, intent!.id))
      throw error
    }
  }

  /**
   * A paid order whose customer still owes a step before its payout (decisions 033, 039) waits in `awaiting_checks`;
   * nothing is bought until the step is done. The customer is told by e-mail and on the order's timeline what to do
   * and where, once per step: when a waiting order comes to owe another step (identity passed, the wallet is still to
   * be proven), that one is told too.
   */
  async function holdForChecks(order: OrderRow, owed: PayoutStep): Promise<OrderStatus> {
    if (order.status === 'awaiting_checks' && order.payoutWaitsFor === owed.step) return 'awaiting_checks'
    const cause = `Payout waits: the law asks us to ${owed.what} before we send crypto. What to do: ${owed.link}`
    const held = await db.transaction(async (tx) => {
      if (order.status === 'awaiting_checks') await orderService.recordOrderNote(tx, order, cause, 'system')
      else await orderService.applyTransition(tx, order, 'awaiting_checks', cause, 'system')
      const row = await orderService.setPayoutWaitsFor(tx, order.id, owed.step)
      const email = await emailOf(order.customerId, tx)
      if (email)
        await orderMail.send(
          {
            to: email,
            reference: order.reference,
            event: { kind: 'payout_waits_for_checks', coins: coinsOf(order), what: owed.what, link: owed.link },
          },
          tx,
        )
      return row
    })
    return held.status
  }

  /**
   * A fact of the customer changed (a check passed): their orders waiting for checks are settled now, each under its
   * own lease, instead of at the next sweep. Answers how many moved on.
   */
  async function resumeOrdersOf(customerId: string): Promise<number> {
    const waiting = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'awaiting_checks')))
    let moved = 0
    for (const { id } of waiting) if ((await settlePaidOrder(id)) !== 'awaiting_checks') moved += 1
    return moved
  }

  /** Paid → bought from the liquidity provider → delivered. Safe to call again and at the same time: each step happens once. */
  async function settlePaidOrder(orderId: string): Promise<OrderStatus> {
    const run = await withSettlementLease(orderId, settleHeld)
    return run.held ? statusOf(orderId) : run.result
  }

  /** The steps of a settlement run, on an order the run holds. */
  async function settleHeld(order: OrderRow): Promise<OrderStatus> {
    try {
      let current = order
      if (current.status === 'paid' || current.status === 'awaiting_checks') {
        const owed = await payoutGate(order.customerId, current)
        // Nothing can ever be delivered to a customer whose check was refused for good: money that came anyway (a
        // payment started before the refusal, a transfer that arrives later) goes back at once, never waits.
        if (owed?.refused) return await refundHeldOrder(current, `the ${owed.step} check before payout was refused`)
        if (owed) return await holdForChecks(current, owed)
        if (current.status === 'awaiting_checks')
          current = await db.transaction(async (tx) => {
            const resumed = await orderService.applyTransition(
              tx,
              current,
              'paid',
              'The customer’s checks are done: buying now',
              'system',
            )
            return orderService.setPayoutWaitsFor(tx, resumed.id, null)
          })
        const bought = await buyOnce(order)
        if (!bought) return current.status
        const { fill, intentId } = bought
        current = await db.transaction(async (tx) => {
          await tx
            .insert(deliveries)
            .values({
              orderId: order.id,
              provider: liquidity.kind,
              providerOrderId: fill.providerOrderId,
              filledPrice: fill.filledPrice,
              cryptoAmount: fill.cryptoAmount,
              simulated: liquidity.simulated,
              filledAt: clock.now(),
            })
            .onConflictDoNothing()
          await tx
            .update(buyIntents)
            .set({ state: 'filled', decidedAt: clock.now() })
            .where(eq(buyIntents.id, intentId))
          const processing = await orderService.applyTransition(
            tx,
            current,
            'processing',
            `Bought from the liquidity provider (${fill.providerOrderId})`,
            'system',
          )
          if (processing.wallet === PLACEHOLDER_WALLET) {
            // Bought, with nowhere to send it: the customer is asked for a wallet, once, when the coins are bought.
            const email = await emailOf(order.customerId, tx)
            if (email)
              await orderMail.send(
                {
                  to: email,
                  reference: order.reference,
                  event: { kind: 'wallet_needed', coins: coinsOf(order), link: walletLink(order.reference) },
                },
                tx,
              )
          }
          return processing
        })
      }
      if (current.status !== 'processing' || current.wallet === PLACEHOLDER_WALLET) return current.status
      const [delivery] = await db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
      if (delivery?.txId) return current.status
      if (current.withdrawalRequestedAt) {
        // An earlier withdrawal may have left: sending again could pay the customer twice. A person checks the exchange.
        log.error(
          { order: order.reference },
          'withdrawal outcome unknown; waiting for an operator to check the exchange',
        )
        return current.status
      }
      await orderService.setWithdrawalRequested(db, order.id, clock.now())
      let txId: string
      try {
        ;({ txId } = await liquidity.withdraw({
          reference: order.reference,
          crypto: order.crypto,
          amount: order.cryptoAmount,
          wallet: current.wallet,
        }))
      } catch (error) {
        // A refusal sent nothing: the next run may try again. Any other failure leaves the outcome unknown.
        if (error instanceof LiquidityRefused) await orderService.setWithdrawalRequested(db, order.id, null)
        throw error
      }
      return await completeDelivery(current, txId, `Delivered to ${current.wallet}, transaction ${txId}`, 'system')
    } catch (error) {
      if (error instanceof AppError) throw error
      log.error(
        { err: error, order: order.reference },
        'settlement step failed; the order stays where it is for a retry',
      )
      return statusOf(order.id)
    }
  }

  /**
   * The retry job: paid orders not yet bought and bought orders not yet sent, left by a failed or interrupted run.
   * Withdrawals whose outcome is unknown are not among them; they wait for an operator.
   */
  async function settleWaitingOrders(): Promise<number> {
    const now = clock.now()
    const quietSince = new Date(now.getTime() - SETTLEMENT_RETRY_AFTER_SECONDS * 1000)
    const waiting = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          or(
            eq(orders.status, 'paid'),
            and(
              eq(orders.status, 'processing'),
              ne(orders.wallet, PLACEHOLDER_WALLET),
              isNull(orders.withdrawalRequestedAt),
            ),
          ),
          lt(orders.updatedAt, quietSince),
          settlementLeaseFree(now),
        ),
      )
      .orderBy(orders.updatedAt)
      .limit(SETTLEMENT_BATCH)
    let moved = 0
    for (const { id, status } of waiting) {
      if ((await settlePaidOrder(id)) !== status) moved += 1
    }
    return moved
  }

  /** Withdrawals whose outcome is unknown, for the operator view. */
  async function withdrawalsToCheck() {
    return db
      .select({
        reference: orders.reference,
        crypto: orders.crypto,
        cryptoAmount: orders.cryptoAmount,
        wallet: orders.wallet,
        withdrawalRequestedAt: orders.withdrawalRequestedAt,
      })
      .from(orders)
      .where(
        and(eq(orders.status, 'processing'), isNotNull(orders.withdrawalRequestedAt), settlementLeaseFree(clock.now())),
      )
      .orderBy(orders.withdrawalRequestedAt)
  }

  /**
   * Runs an operator's decision on a withdrawal of unknown outcome while holding the order: refused when the order
   * has no such withdrawal, or when a run holds it (that run's own answer decides, not a look at the exchange).
   */
  async function decideUncheckedWithdrawal(
    reference: string,
    decide: (order: OrderRow) => Promise<OrderStatus>,
  ): Promise<OrderStatus> {
    const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    const run = await withSettlementLease(found.id, async (order) => {
      if (order.status !== 'processing' || !order.withdrawalRequestedAt) throw new AppError('transition_not_allowed')
      return decide(order)
    })
    if (run.held) throw new AppError('transition_not_allowed')
    return run.result
  }

  /**
   * The operator found the withdrawal at the exchange: its transaction id completes the order. The customer's trail
   * says "our team"; which operator acted is in the operator actions (decision 076).
   */
  async function recordDelivery(reference: string, txId: string): Promise<OrderStatus> {
    return decideUncheckedWithdrawal(reference, (order) =>
      completeDelivery(
        order,
        txId,
        `Delivered to ${order.wallet}, transaction ${txId} (found at the exchange by our team)`,
        'operator',
      ),
    )
  }

  /** The operator found no withdrawal at the exchange: it is sent again, now, by the run that holds the order. */
  async function retryWithdrawal(reference: string): Promise<OrderStatus> {
    return decideUncheckedWithdrawal(reference, async (order) => {
      const cleared = await db.transaction(async (tx) => {
        const row = await orderService.setWithdrawalRequested(tx, order.id, null)
        await orderService.recordOrderNote(
          tx,
          order,
          'No withdrawal found at the exchange; sent again by our team',
          'operator',
        )
        return row
      })
      return settleHeld(cleared)
    })
  }

  /** `orderLpToBroker`: the customer's own paid order goes to the liquidity provider (once). */
  async function sendOwnOrderToBroker(customerId: string, reference: string): Promise<OrderStatus> {
    const order = await orderService.findOwnOrder(db, customerId, reference)
    if (!isPaid(order.status)) throw new AppError('transition_not_allowed')
    return settlePaidOrder(order.id)
  }

  /** `orderSetWallet`: the wallet of a paid order that had none; delivery resumes at once. */
  async function giveWalletOfPaidOrder(customerId: string, reference: string, wallet: string): Promise<OrderStatus> {
    const order = await orderService.setWalletOfPaidOrder(customerId, reference, wallet)
    return settlePaidOrder(order.id)
  }

  /**
   * `orderChangeWallet` (decision 085): the customer whose payout waits sends the order to another wallet they proved
   * for it, instead of waiting (e.g. for an exchange address that cannot sign). Only while nothing was bought
   * (`awaiting_checks`), under the order's lease; delivery resumes at once when nothing else is owed.
   */
  async function chooseWalletOfWaitingOrder(
    customerId: string,
    reference: string,
    typed: string,
  ): Promise<OrderStatus> {
    const own = await orderService.findOwnOrder(db, customerId, reference)
    const wallet = typed.trim()
    const run = await withSettlementLease(own.id, async (order) => {
      if (order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
      if (!(await isWalletProven(customerId, order.crypto, wallet, order.reference)))
        throw new AppError('wallet_not_proven')
      const changed = await db.transaction((tx) => orderService.changeWalletOfWaitingOrder(tx, order, wallet))
      return settleHeld(changed)
    })
    if (!run.held) return run.result
    throw new AppError((await statusOf(own.id)) === 'awaiting_checks' ? 'order_busy' : 'transition_not_allowed')
  }

  return {
    chooseWalletOfWaitingOrder,
    withSettlementLease,
    settlePaidOrder,
    settleWaitingOrders,
    resumeOrdersOf,
    withdrawalsToCheck,
    recordDelivery,
    retryWithdrawal,
    sendOwnOrderToBroker,
    giveWalletOfPaidOrder,
  }
}
