import { eq } from 'drizzle-orm'
import { CRYPTO_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import type { OrderRow } from '../orders/orders.service'

/** Where the customer of an order is written to, if they still have an address. */
export async function emailOf(executor: Database, customerId: string) {
  const [customer] = await executor
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
  return customer?.email
}

/**
 * The order's coins as an English reader reads them ("0.01 BTC"), and the amount and coin the mail writes in the
 * customer's locale (decision 131).
 */
export const coinsOf = (order: OrderRow) => ({
  coins: `${formatAmount(order.cryptoAmount, CRYPTO_DECIMALS[order.crypto])} ${order.crypto.toUpperCase()}`,
  crypto: { amount: order.cryptoAmount, coin: order.crypto },
})
