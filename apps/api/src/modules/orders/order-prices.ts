import { eq } from 'drizzle-orm'
import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'
import { compareAmounts, quoteForFiat, subtractAmounts } from '@exchange/shared/money'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import type { OrderRow, OrderServiceDeps } from './orders-deps'

/** Where an amount stands against the fiat's limits: what can be bought, and what has to go back. */
export type LimitCheck =
  { within: true; amount: string; excess: string } | { within: false; reason: 'below_minimum' | 'unknown_fiat' }

/**
 * The fiat's limits applied to money in hand: below the minimum nothing is bought; above the maximum the maximum is
 * bought and the rest goes back. The same limits as at initiation (decision 013), so a re-price cannot pass them.
 */
export function checkLimits(
  { trading }: Pick<OrderServiceDeps, 'trading'>,
  fiat: FiatCurrency,
  amount: string,
): LimitCheck {
  const limits = trading.limits[fiat]
  if (!limits) return { within: false, reason: 'unknown_fiat' }
  if (compareAmounts(amount, limits.min) < 0) return { within: false, reason: 'below_minimum' }
  if (compareAmounts(amount, limits.max) > 0)
    return { within: true, amount: limits.max, excess: subtractAmounts(amount, limits.max) }
  return { within: true, amount, excess: '0.00' }
}

/** The smallest order in a fiat (decision 013); a late transfer below it buys nothing. */
export function minimumOf({ trading }: Pick<OrderServiceDeps, 'trading'>, fiat: FiatCurrency): string {
  return trading.limits[fiat]?.min ?? '0'
}

/**
 * The only place a price is fixed: at initiation, and when money that came after the price ran out is bought at the
 * current price. Answers the stored price columns, valid for QUOTE_TTL_SECONDS from now.
 */
export async function fixPrice(
  { rates, clock, quoteTtlSeconds }: Pick<OrderServiceDeps, 'rates' | 'clock' | 'quoteTtlSeconds'>,
  crypto: CryptoCurrency,
  fiat: FiatCurrency,
  amount: string,
) {
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

/**
 * Money that came after the price ran out, bought at the current price (a priced-again order is a new price, with
 * its own time): the amount must already be within the limits (`checkLimits`).
 */
export async function repriceOrder(
  { clock }: Pick<OrderServiceDeps, 'clock'>,
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
