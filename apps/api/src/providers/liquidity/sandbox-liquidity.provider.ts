import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxLiquidityOrders } from '../../db/tables/providers/liquidity'
import { clientOrderIdOf, type LiquidityProvider } from './liquidity.provider'

/**
 * Test environment: fills every order at its fixed price and "delivers" with a transaction id marked SIMULATED. Its
 * book of buys lives in its own table, as a real exchange's does, so a buy can be looked up by its client order id
 * after the exchange's process crashed; like Kraken, a second buy under the same id is another order.
 */
export function createSandboxLiquidityProvider(deps: { db: Database; clock: Clock }): LiquidityProvider {
  return {
    kind: 'sandbox',
    simulated: true,
    async buy(order) {
      const id = `SANDBOX-${randomBytes(8).toString('hex').toUpperCase()}`
      await deps.db.insert(sandboxLiquidityOrders).values({
        id,
        clientOrderId: clientOrderIdOf(order),
        crypto: order.crypto,
        fiat: order.fiat,
        cryptoAmount: order.cryptoAmount,
        filledPrice: order.price,
        createdAt: deps.clock.now(),
      })
      return { providerOrderId: id, filledPrice: order.price, cryptoAmount: order.cryptoAmount }
    },
    async findBuy({ clientOrderId, crypto, fiat }) {
      const found = await deps.db
        .select()
        .from(sandboxLiquidityOrders)
        .where(
          and(
            eq(sandboxLiquidityOrders.clientOrderId, clientOrderId),
            eq(sandboxLiquidityOrders.crypto, crypto),
            eq(sandboxLiquidityOrders.fiat, fiat),
          ),
        )
        .orderBy(sandboxLiquidityOrders.createdAt)
      if (found.length === 0) return { state: 'not_found' }
      if (found.length > 1) throw new Error(`${found.length} sandbox buys under client order id ${clientOrderId}`)
      const [order] = found
      return {
        state: 'filled',
        fill: { providerOrderId: order!.id, filledPrice: order!.filledPrice, cryptoAmount: order!.cryptoAmount },
      }
    },
    async withdraw() {
      return { txId: `SIMULATED-${randomBytes(16).toString('hex')}` }
    },
  }
}
