import { randomBytes } from 'node:crypto'
import type { LiquidityProvider } from './liquidity.provider'

/** Test environment: fills every order at its fixed price and "delivers" with a transaction id marked SIMULATED. */
export function createSandboxLiquidityProvider(): LiquidityProvider {
  return {
    kind: 'sandbox',
    simulated: true,
    async buy(order) {
      return {
        providerOrderId: `SANDBOX-${order.reference}`,
        filledPrice: order.price,
        cryptoAmount: order.cryptoAmount,
      }
    },
    async withdraw() {
      return { txId: `SIMULATED-${randomBytes(16).toString('hex')}` }
    },
  }
}
