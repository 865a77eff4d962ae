import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents } from '../src/db/tables/modules/orders'
import {
  BTC_WALLET,
  buildTestApp,
  buyer,
  callPublic,
  callUser,
  ETH_WALLET,
  initiateBuy,
  mailTo,
  payableBuyer,
  storedOrder,
  useTestApp,
} from './support'

const t = useTestApp()

describe('orderInitiateBuy', () => {
  it('creates an initiated order at a fixed price and answers its reference and tranId', async () => {
    const customer = await buyer(t)
    const answer = await initiateBuy(t, customer.token, { amount: '1,000.00', assetId: 'btc_eur' })

    expect(answer.body.result).toBe(true)
    const { reference, tranId, fiatAmount, cryptoAmount, price, priceExpiresAt } = answer.body.data
    expect(reference).toMatch(/^[A-Z0-9]{10}$/)
    expect(tranId).toMatch(/^TX\d{14}$/)
    expect(fiatAmount).toBe('1000.00')
    expect(price.fee).toBe('10.00')
    expect(price.netFiat).toBe('990.00')
    expect(new Date(priceExpiresAt).getTime() - t.clock.now().getTime()).toBe(900_000)

    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({
      status: 'initiated',
      fiat: 'eur',
      crypto: 'btc',
      fiatAmount: '1000.00',
      fee: '10.00',
      wallet: BTC_WALLET,
      affiliateToken: 'DIRECT',
      spreadBps: 150,
      feeBps: 100,
      rateSource: 'sandbox',
    })
    expect(Number(order.cryptoAmount)).toBeGreaterThan(0)
    expect(order.cryptoAmount.replace(/0+$/, '')).toBe(cryptoAmount.replace(/0+$/, ''))
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'initiated', actor: 'customer' }])
  })

  it('sends the order-created e-mail with the price broken down', async () => {
    const customer = await buyer(t)
    const answer = await initiateBuy(t, customer.token, { amount: '500', assetId: 'eth_chf', wallet: ETH_WALLET })
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('order_created')
    expect(mail?.subject).toContain(answer.body.data.reference)
    expect(mail?.text).toContain('You pay: 500.00 CHF')
    expect(mail?.text).toContain('Fee: 5.00 CHF (1.00 %)')
    expect(mail?.text).toContain('spread')
    expect(mail?.text).toContain('Test environment: the price of this order is simulated.')
    expect(mail?.text).toContain('Helvex Digital Markets AG')
  })

  it('keeps the placeholder wallet when none is given', async () => {
    const customer = await buyer(t)
    const answer = await initiateBuy(t, customer.token, { wallet: '  ' })
    expect((await storedOrder(t, answer.body.data.reference)).wallet).toBe('NO_WALLET_PROVIDED')
  })

  it('refuses a wallet with a one-character typo and stores nothing', async () => {
    const customer = await buyer(t)
    const typo = BTC_WALLET.slice(0, -1) + (BTC_WALLET.endsWith('a') ? 'b' : 'a')
    const answer = await initiateBuy(t, customer.token, { wallet: typo })
    expect(answer.body).toEqual({ result: false, error: 'wallet_invalid' })
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.openOrder).toEqual([])
  })

  it("refuses another network's wallet", async () => {
    const customer = await buyer(t)
    expect((await initiateBuy(t, customer.token, { assetId: 'btc_eur', wallet: ETH_WALLET })).body.error).toBe(
      'wallet_invalid',
    )
  })

  it('refuses amounts outside the limits of the fiat with a clear code', async () => {
    const customer = await buyer(t)
    expect((await initiateBuy(t, customer.token, { amount: '24.99' })).body).toEqual({
      result: false,
      error: 'amount_below_minimum',
    })
    expect((await initiateBuy(t, customer.token, { amount: '15,000.01' })).body).toEqual({
      result: false,
      error: 'amount_above_maximum',
    })
    expect((await initiateBuy(t, customer.token, { amount: '15,000.00' })).body.result).toBe(true)
  })

  // A decimal comma is refused rather than read as a thousands separator ("100,50" is not 10,050; decision 046).
  it.each(['', 'abc', '-50', '1e3', '10.005', '12.', '100,50', '1,0000', '1.000,50'])(
    'refuses the amount %j with 400',
    async (amount) => {
      const customer = await buyer(t)
      const answer = await initiateBuy(t, customer.token, { amount })
      expect(answer.status).toBe(400)
      expect(answer.body.fields).toHaveProperty('amount')
    },
  )

  it('refuses an unknown asset with 400', async () => {
    const customer = await buyer(t)
    const answer = await initiateBuy(t, customer.token, { assetId: 'doge_eur' })
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toHaveProperty('assetId')
  })

  it('refuses to start an order on stale prices', async () => {
    const stale = await buildTestApp()
    try {
      const customer = await buyer(stale)
      stale.clock.advance(61_000)
      const answer = await initiateBuy(stale, customer.token)
      expect(answer.body).toEqual({ result: false, error: 'rates_unavailable' })
      await stale.app.jobs.refreshRates()
      expect((await initiateBuy(stale, customer.token)).body.result).toBe(true)
    } finally {
      await stale.close()
    }
  })

  it('holds the price for QUOTE_TTL_SECONDS, and says so in getHpRates', async () => {
    const short = await buildTestApp({ env: { QUOTE_TTL_SECONDS: '120' } })
    try {
      const customer = await buyer(short)
      expect((await callPublic(short.app, 'getHpRates', {})).body.data.quoteTtlSeconds).toBe(120)
      const { priceExpiresAt } = (await initiateBuy(short, customer.token)).body.data
      expect(new Date(priceExpiresAt).getTime() - short.clock.now().getTime()).toBe(120_000)
    } finally {
      await short.close()
    }
  })

  it('needs a session', async () => {
    const answer = await callUser(t.app, 'orderInitiateBuy', undefined, {
      amount: '100',
      assetId: 'btc_eur',
      wallet: '',
    })
    expect(answer.status).toBe(401)
  })
})

describe('getGross', () => {
  it('answers every open order newest first, money as decimal strings, and adds those awaiting payment', async () => {
    const customer = await payableBuyer(t)
    const first = (await initiateBuy(t, customer.token, { amount: '250' })).body.data.reference
    t.clock.advance(1_000)
    const second = (
      await initiateBuy(t, customer.token, { amount: '1,250.50', assetId: 'eth_eur', wallet: ETH_WALLET })
    ).body.data.reference
    const before = (await callUser(t.app, 'getGross', customer.token)).body.data
    expect(before.openOrder.map((o: { orderReference: string }) => o.orderReference)).toEqual([second, first])
    expect(before.openOrder[0]).toMatchObject({
      statusName: 'initiated',
      fiatCur: 'eur',
      cryptoCur: 'eth',
      assetId: 'eth_eur',
      orderAmount: '1,250.50',
      fiatAmount: '1250.50',
      orderWallet: ETH_WALLET,
      method: null,
      methodName: null,
      decisionWaits: false,
    })
    expect(before.openOrder[0].cryptoAmount).toMatch(/^\d+\.\d+$/)
    expect(before.pendingBalance).toBe('0.00')

    const moved = await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
      orderReference: second,
      statusName: 'awaiting_payment',
    })
    expect(moved.body).toEqual({ result: true, statusName: 'awaiting_payment' })
    const after = (await callUser(t.app, 'getGross', customer.token)).body.data
    expect(after.pendingBalance).toBe('1250.50')
    expect(after.openOrder.map((o: { statusName: string }) => o.statusName)).toEqual(['awaiting_payment', 'initiated'])
  })
})

describe('exchangeUpdateOrder', () => {
  it('lets the customer cancel, keeps the event, and takes the order out of the open ones', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect(
      (await callUser(t.app, 'getGross', customer.token)).body.data.openOrder.map(
        (o: { orderReference: string }) => o.orderReference,
      ),
    ).toEqual([reference])

    const answer = await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
      orderReference: reference,
      statusName: 'cancelled',
    })
    expect(answer.body).toEqual({ result: true, statusName: 'cancelled' })
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('cancelled')
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id)
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actor, event.cause])).toEqual([
      [null, 'initiated', 'customer', 'Order created at a fixed price'],
      ['initiated', 'cancelled', 'customer', 'Cancelled by the customer'],
    ])
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.openOrder).toEqual([])
  })

  it('treats "initiated" on an initiated order as the start of the flow and changes nothing', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect(
      (
        await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
          orderReference: reference,
          statusName: 'initiated',
        })
      ).body,
    ).toEqual({ result: true, statusName: 'initiated' })
  })

  it('refuses what only the system may do, and a change after cancelling', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    for (const statusName of ['paid', 'completed', 'expired', 'refunded', 'processing']) {
      expect(
        (await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: reference, statusName })).body,
      ).toEqual({ result: false, error: 'transition_not_allowed' })
    }
    await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: reference, statusName: 'cancelled' })
    expect(
      (
        await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
          orderReference: reference,
          statusName: 'initiated',
        })
      ).body.error,
    ).toBe('transition_not_allowed')
    expect((await storedOrder(t, reference)).status).toBe('cancelled')
  })

  it("answers another customer's order exactly like an unknown one, and leaves it alone", async () => {
    const owner = await buyer(t)
    const other = await buyer(t)
    const { reference } = (await initiateBuy(t, owner.token)).body.data
    const foreign = await callUser(t.app, 'exchangeUpdateOrder', other.token, {
      orderReference: reference,
      statusName: 'cancelled',
    })
    const unknown = await callUser(t.app, 'exchangeUpdateOrder', other.token, {
      orderReference: 'ZZZZZZZZZZ',
      statusName: 'cancelled',
    })
    expect(foreign.body).toEqual({ result: false, error: 'order_not_found' })
    expect(unknown.body).toEqual(foreign.body)
    expect((await storedOrder(t, reference)).status).toBe('initiated')
    expect((await callUser(t.app, 'getOrderDetail', other.token, { orderReference: reference })).body.error).toBe(
      'order_not_found',
    )
    expect((await callUser(t.app, 'orderBuyGetMethods', other.token, { orderReference: reference })).body.error).toBe(
      'order_not_found',
    )
  })

  it('refuses to start paying before the details are given, naming the step, and leaves the order open', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const answer = await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
      orderReference: reference,
      statusName: 'awaiting_payment',
    })
    expect(answer.body).toEqual({ result: false, error: 'step_required', step: 'details' })
    expect((await storedOrder(t, reference)).status).toBe('initiated')
  })

  it('refuses to start paying once the price has expired', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    t.clock.advance(900_000)
    const answer = await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
      orderReference: reference,
      statusName: 'awaiting_payment',
    })
    expect(answer.body).toEqual({ result: false, error: 'price_expired' })
  })
})

describe('order expiry job', () => {
  it('expires open orders whose price time ran out, with a system event, and leaves others', async () => {
    const customer = await buyer(t)
    const due = (await initiateBuy(t, customer.token)).body.data.reference
    t.clock.advance(600_000)
    await t.app.jobs.refreshRates()
    const fresh = (await initiateBuy(t, customer.token)).body.data.reference
    t.clock.advance(300_000)

    expect(await t.app.jobs.expireOrders()).toBeGreaterThanOrEqual(1)
    expect((await storedOrder(t, due)).status).toBe('expired')
    expect((await storedOrder(t, fresh)).status).toBe('initiated')
    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: due })
    expect(detail.body.data.events.at(-1)).toMatchObject({
      fromStatus: 'initiated',
      toStatus: 'expired',
      actor: 'system',
      kind: 'price_expired',
      words: null,
    })
    expect(detail.body.data.events.at(-1)).not.toHaveProperty('cause')
    expect(detail.body.data.order.statusName).toBe('expired')
  })
})

describe('orderEmailCreated', () => {
  it('sends nothing more for an order whose mail already went, and answers alike for an unknown one', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const before = (await mailTo(t.db, customer.email)).length
    expect((await callPublic(t.app, 'orderEmailCreated', { emailData: { orderReference: reference } })).body).toEqual({
      result: true,
    })
    expect(
      (await callPublic(t.app, 'orderEmailCreated', { emailData: { orderReference: 'UNKNOWN123' } })).body,
    ).toEqual({ result: true })
    expect(await mailTo(t.db, customer.email)).toHaveLength(before)
  })
})
