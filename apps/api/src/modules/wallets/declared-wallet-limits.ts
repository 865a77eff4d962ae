import { and, eq, gte, inArray, or } from 'drizzle-orm'
import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'
import type { WalletCoin } from '@exchange/shared/wallets'
import { compareAmounts, divideAmounts, sumAmounts } from '@exchange/shared/money'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { DECLARED_WALLET_LIMITS, DECLARED_WALLET_WINDOW_DAYS } from '@exchange/shared/wallet-proofs.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'

const DAY_MS = 86_400_000

/** A declared wallet, as stored; `matches` says whether an order's coin and wallet are that wallet. */
export interface DeclaredWallet {
  crypto: WalletCoin
  address: string
}

type OrderAmount = { id: string; fiat: FiatCurrency; fiatAmount: string }

/** The share of a fiat's rolling limit an amount takes, to ten places. */
function shareOf(order: OrderAmount): string {
  const limit = DECLARED_WALLET_LIMITS[order.fiat]
  return divideAmounts(order.fiatAmount, limit.rolling, 10)
}

/**
 * The limits of orders paid out to declared wallets (decision 084): each order at most the per-order amount of its
 * fiat, and the paid orders to declared wallets of the last 30 days, this one included, at most the rolling amount
 * (several fiats add up as shares). Reads orders; writes nothing.
 */
export function createDeclaredWalletLimits({ db, clock }: { db: Database; clock: Clock }) {
  async function withinLimits(
    customerId: string,
    declared: readonly DeclaredWallet[],
    matches: (wallet: DeclaredWallet, order: { crypto: CryptoCurrency; wallet: string }) => boolean,
    orderReference?: string,
  ): Promise<boolean> {
    const since = new Date(clock.now().getTime() - DECLARED_WALLET_WINDOW_DAYS * DAY_MS)
    const rows = await db
      .select({
        id: orders.id,
        reference: orders.reference,
        fiat: orders.fiat,
        fiatAmount: orders.fiatAmount,
        crypto: orders.crypto,
        wallet: orders.wallet,
      })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          or(
            and(inArray(orders.status, [...PAID_STATUSES]), gte(orders.createdAt, since)),
            orderReference ? eq(orders.reference, orderReference) : undefined,
          ),
        ),
      )
    const toDeclared = rows.filter((row) => declared.some((wallet) => matches(wallet, row)))
    const order = orderReference ? rows.find((row) => row.reference === orderReference) : undefined
    if (orderReference && !order) return false
    if (order) {
      const limit = DECLARED_WALLET_LIMITS[order.fiat]
      if (compareAmounts(order.fiatAmount, limit.perOrder) > 0) return false
    }
    const counted = [...toDeclared.filter((row) => row.id !== order?.id), ...(order ? [order] : [])]
    return compareAmounts(sumAmounts(counted.map(shareOf), 10), '1') <= 0
  }

  return { withinLimits }
}
