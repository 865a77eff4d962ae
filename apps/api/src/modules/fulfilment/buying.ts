import { and, eq, inArray } from 'drizzle-orm'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { buyIntents, deliveries } from '../../db/tables/modules/fulfilment'
import { type Fill, LiquidityRefused } from '../../providers/liquidity/liquidity.provider'
import type { OrderRow } from '../orders/orders.service'
import type { FulfilmentDeps } from './fulfilment-deps'
import { coinsOf, emailOf } from './order-notices'

/**
 * Buys the coins of a paid order at most once, across crashes (decision 031). Each buy is stored as an intent before
 * the provider is asked, and placed under the intent's id as client order id. A run that finds an intent still
 * `placed` (the run that placed it stopped before storing the fill) asks the provider about it first: a fill found
 * is taken instead of buying; `not_found` or `cancelled` voids the intent and buys under a new one; an order still
 * open at the provider is asked about again by a later run; a partial fill waits for a person. Answers null when
 * nothing is to be stored now.
 */
export async function buyOnce(deps: FulfilmentDeps, order: OrderRow): Promise<{ fill: Fill; intentId: string } | null> {
  const { db, clock, liquidity, log } = deps
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
  return buyUnderNewIntent(deps, order)
}

/** Places the buy under a fresh intent; a refusal voids the intent, any other failure leaves it for the next run. */
async function buyUnderNewIntent(
  { db, clock, liquidity }: FulfilmentDeps,
  order: OrderRow,
): Promise<{ fill: Fill; intentId: string }> {
  const [intent] = await db
    .insert(buyIntents)
    .values({ orderId: order.id, state: 'placed', createdAt: clock.now() })
    .returning({ id: buyIntents.id })
  try {
    const fill = await liquidity.buy({
      reference: order.reference,
      clientOrderId: intent!.id,
      crypto: order.crypto,
      fiat: order.fiat,
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
 * The fill is stored with the order's delivery and the order moves to `processing`, in one transaction. An order
 * bought with nowhere to send it asks its customer for a wallet, once, when the coins are bought.
 */
export async function storeFill(
  { db, clock, liquidity, orderService, orderMail, walletLink }: FulfilmentDeps,
  order: OrderRow,
  current: OrderRow,
  { fill, intentId }: { fill: Fill; intentId: string },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
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
    await tx.update(buyIntents).set({ state: 'filled', decidedAt: clock.now() }).where(eq(buyIntents.id, intentId))
    const processing = await orderService.applyTransition(
      tx,
      current,
      'processing',
      { kind: 'bought', providerOrderId: fill.providerOrderId },
      'system',
    )
    if (processing.wallet === PLACEHOLDER_WALLET) {
      // Bought, with nowhere to send it: the customer is asked for a wallet, once, when the coins are bought.
      const email = await emailOf(tx, order.customerId)
      if (email)
        await orderMail.send(
          {
            to: email,
            reference: order.reference,
            event: { kind: 'wallet_needed', ...coinsOf(order), link: walletLink(order.reference) },
          },
          tx,
        )
    }
    return processing
  })
}
