import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../../../test/support/clock'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { createSandboxLiquidityProvider } from './sandbox-liquidity.provider'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined })
})
afterAll(() => database.close())

const order = {
  reference: 'ABCDEFGH23',
  crypto: 'btc' as const,
  fiat: 'eur' as const,
  cryptoAmount: '0.00271234',
  price: '91910.12',
}

describe('sandbox liquidity provider', () => {
  it('finds a buy by its client order id after the exchange lost the answer, with the fill it made', async () => {
    const liquidity = createSandboxLiquidityProvider({ db: database.db, clock: createTestClock() })
    const query = { clientOrderId: 'intent-1', crypto: 'btc' as const, fiat: 'eur' as const }
    expect(await liquidity.findBuy(query)).toEqual({ state: 'not_found' })

    const fill = await liquidity.buy({ ...order, clientOrderId: 'intent-1' })
    // A process restarted after the buy, before storing the fill, asks the provider instead of buying again.
    const again = createSandboxLiquidityProvider({ db: database.db, clock: createTestClock() })
    const found = await again.findBuy(query)
    expect(found.state).toBe('filled')
    if (found.state !== 'filled') return
    expect(found.fill.providerOrderId).toBe(fill.providerOrderId)
    expect(Number(found.fill.filledPrice)).toBe(91910.12)
    expect(Number(found.fill.cryptoAmount)).toBe(0.00271234)
  })

  it('keeps the order reference as client order id when no intent id is given, and tells pairs apart', async () => {
    const liquidity = createSandboxLiquidityProvider({ db: database.db, clock: createTestClock() })
    await liquidity.buy({ ...order, reference: 'REFERENCE2' })
    expect((await liquidity.findBuy({ clientOrderId: 'REFERENCE2', crypto: 'btc', fiat: 'eur' })).state).toBe('filled')
    expect(await liquidity.findBuy({ clientOrderId: 'REFERENCE2', crypto: 'eth', fiat: 'eur' })).toEqual({
      state: 'not_found',
    })
  })

  it('like Kraken, takes a second buy under the same id as another order, and the lookup then refuses to guess', async () => {
    const liquidity = createSandboxLiquidityProvider({ db: database.db, clock: createTestClock() })
    await liquidity.buy({ ...order, clientOrderId: 'intent-twice' })
    await liquidity.buy({ ...order, clientOrderId: 'intent-twice' })
    await expect(liquidity.findBuy({ clientOrderId: 'intent-twice', crypto: 'btc', fiat: 'eur' })).rejects.toThrow(
      /2 sandbox buys/,
    )
  })
})
