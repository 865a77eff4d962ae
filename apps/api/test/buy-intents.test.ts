import { asc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buyIntents, deliveries } from '../src/db/tables/modules/fulfilment'
import { sandboxLiquidityOrders } from '../src/db/tables/providers/liquidity'
import { type BuyLookup, type LiquidityProvider, LiquidityRefused } from '../src/providers/liquidity/liquidity.provider'
import { createSandboxLiquidityProvider } from '../src/providers/liquidity/sandbox-liquidity.provider'
import { storedOrder, useTestApp, wireOrderPaid } from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'

/**
 * The sandbox exchange (its own book of buys, looked up by client order id) with a fault injected at one point of
 * the next buy: `after` places the buy and then fails as a process killed before storing the fill would; `before`
 * fails before the buy reaches the exchange; `refused` is the exchange saying no. `lookup` overrides what the
 * exchange answers about a buy (an order still open, or partly filled).
 */
const fault: { next?: 'before' | 'after' | 'refused'; lookup?: BuyLookup } = {}
const calls = { buy: 0, findBuy: 0 }
let exchange: LiquidityProvider
const faulty: LiquidityProvider = {
  kind: 'sandbox',
  simulated: true,
  async buy(order) {
    calls.buy += 1
    const injected = fault.next
    fault.next = undefined
    if (injected === 'before') throw new Error('ETIMEDOUT')
    if (injected === 'refused') throw new LiquidityRefused('buy refused: InsufficientFunds')
    const fill = await exchange.buy(order)
    if (injected === 'after') throw new Error('the process stopped before the fill was stored')
    return fill
  },
  async findBuy(query) {
    calls.findBuy += 1
    return fault.lookup ?? exchange.findBuy(query)
  },
  withdraw: (input) => exchange.withdraw(input),
}

const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET }, liquidityProvider: faulty })
beforeAll(async () => {
  exchange = createSandboxLiquidityProvider({ db: t.db, clock: t.clock })
})
beforeEach(() => {
  fault.next = undefined
  fault.lookup = undefined
  calls.buy = 0
  calls.findBuy = 0
})

async function intentsOf(reference: string) {
  const order = await storedOrder(t, reference)
  return t.db.select().from(buyIntents).where(eq(buyIntents.orderId, order.id)).orderBy(asc(buyIntents.createdAt))
}

/** The buys the exchange holds for an order: every client order id it was placed under is one of the order's intents. */
async function buysAtExchange(reference: string) {
  const ids = new Set((await intentsOf(reference)).map((intent) => intent.id))
  const book = await t.db.select().from(sandboxLiquidityOrders)
  return book.filter((buy) => ids.has(buy.clientOrderId))
}

/** The retry job, once the order has been quiet for long enough. */
async function retryLater() {
  t.clock.advance(61_000)
  await t.app.jobs.settleWaitingOrders()
}

describe('a buy at the liquidity provider happens once, across crashes', () => {
  it('killed after the buy and before the fill is stored: the next run finds the buy and takes its fill, buying nothing more', async () => {
    fault.next = 'after'
    const { reference, answer } = await wireOrderPaid(t, SECRET)
    expect(answer).toMatchObject({ result: true, outcome: 'matched' })
    expect((await storedOrder(t, reference)).status).toBe('paid')
    const [placed] = await intentsOf(reference)
    expect(placed).toMatchObject({ state: 'placed', decidedAt: null })
    expect(await buysAtExchange(reference)).toHaveLength(1)

    await retryLater()
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('completed')
    expect(calls).toEqual({ buy: 1, findBuy: 1 })
    const book = await buysAtExchange(reference)
    expect(book).toHaveLength(1)
    expect(book[0]!.clientOrderId).toBe(placed!.id)
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
    expect(delivery).toMatchObject({ providerOrderId: book[0]!.id, cryptoAmount: book[0]!.cryptoAmount })
    expect(await intentsOf(reference)).toMatchObject([{ id: placed!.id, state: 'filled' }])
  })

  it('a buy that never reached the provider is found missing, its intent voided, and bought under a new one', async () => {
    fault.next = 'before'
    const { reference } = await wireOrderPaid(t, SECRET)
    expect((await storedOrder(t, reference)).status).toBe('paid')
    expect(await buysAtExchange(reference)).toHaveLength(0)

    await retryLater()
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(calls).toEqual({ buy: 2, findBuy: 1 })
    const intents = await intentsOf(reference)
    expect(intents.map((intent) => intent.state)).toEqual(['void', 'filled'])
    const book = await buysAtExchange(reference)
    expect(book.map((buy) => buy.clientOrderId)).toEqual([intents[1]!.id])
  })

  it('a buy still open at the provider is asked about again later, never bought a second time', async () => {
    fault.next = 'before'
    const { reference } = await wireOrderPaid(t, SECRET)
    fault.lookup = { state: 'open' }
    await retryLater()
    await retryLater()
    expect((await storedOrder(t, reference)).status).toBe('paid')
    expect(calls).toEqual({ buy: 1, findBuy: 2 })
    expect((await intentsOf(reference)).map((intent) => intent.state)).toEqual(['placed'])

    // The provider fills it: the next run stores that fill.
    const [intent] = await intentsOf(reference)
    const order = await storedOrder(t, reference)
    fault.lookup = {
      state: 'filled',
      fill: { providerOrderId: 'LP-FILLED-LATE', filledPrice: order.customerRate, cryptoAmount: order.cryptoAmount },
    }
    await retryLater()
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(calls.buy).toBe(1)
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
    expect(delivery?.providerOrderId).toBe('LP-FILLED-LATE')
    expect(await intentsOf(reference)).toMatchObject([{ id: intent!.id, state: 'filled' }])
  })

  it('a buy the provider closed partly filled waits for a person: no later run buys again', async () => {
    fault.next = 'before'
    const { reference } = await wireOrderPaid(t, SECRET)
    const order = await storedOrder(t, reference)
    fault.lookup = {
      state: 'partially_filled',
      fill: { providerOrderId: 'LP-PART', filledPrice: order.customerRate, cryptoAmount: '0.0001' },
    }
    await retryLater()
    fault.lookup = undefined
    await retryLater()
    expect((await storedOrder(t, reference)).status).toBe('paid')
    expect(calls).toEqual({ buy: 1, findBuy: 1 })
    expect((await intentsOf(reference)).map((intent) => intent.state)).toEqual(['partially_filled'])
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(0)
  })

  it('a refused buy voids its intent at once and the next run buys without asking about it', async () => {
    fault.next = 'refused'
    const { reference } = await wireOrderPaid(t, SECRET)
    expect((await intentsOf(reference)).map((intent) => intent.state)).toEqual(['void'])
    await retryLater()
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(calls).toEqual({ buy: 2, findBuy: 0 })
    expect((await intentsOf(reference)).map((intent) => intent.state)).toEqual(['void', 'filled'])
  })
})
