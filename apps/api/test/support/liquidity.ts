import { randomBytes } from 'node:crypto'
import { type LiquidityProvider, LiquidityRefused } from '../../src/providers/liquidity/liquidity.provider'

/**
 * A sandbox liquidity provider whose withdrawals a test refuses (`refuse`: how many of the next ones; a refusal sends
 * nothing, so the settlement sweep tries again), and which counts the orders it sent coins for.
 */
export function refusableLiquidity() {
  const state = { refuse: 0, withdrawn: [] as string[] }
  const provider: LiquidityProvider = {
    kind: 'sandbox',
    simulated: true,
    async buy(order) {
      return { providerOrderId: `LP-${order.reference}`, filledPrice: order.price, cryptoAmount: order.cryptoAmount }
    },
    async findBuy() {
      return { state: 'not_found' }
    },
    async withdraw(order) {
      if (state.refuse > 0) {
        state.refuse -= 1
        throw new LiquidityRefused('withdraw refused: InsufficientFunds')
      }
      state.withdrawn.push(order.reference)
      return { txId: `SIMULATED-${randomBytes(8).toString('hex')}` }
    },
  }
  return { provider, state }
}
