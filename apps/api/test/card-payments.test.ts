import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { payments } from '../src/db/tables/modules/payments'
import { refunds } from '../src/db/tables/modules/refunds'
import { signNotice } from '../src/providers/signed-notice'
import { callUser, initiateBuy, mailTo, payableBuyer, storedOrder, useTestApp } from './support'

const SECRET = 'test-psp-webhook-secret-0123456789'
const t = useTestApp({ env: { PSP_WEBHOOK_SECRET: SECRET } })

async function startCard(token: string) {
  const { reference } = (await initiateBuy(t, token)).body.data
  const started = await callUser(t.app, 'orderStartCard', token, { orderReference: reference, pspId: 'sandbox-card' })
  return { reference, ...started.body.data } as { reference: string; checkoutUrl: string; sessionId: string }
}

/** Fills in the hosted checkout the way a customer does, and answers where the PSP sends the browser. */
async function pay(sessionId: string, cardNumber: string) {
  const form = new URLSearchParams({ session: sessionId, cardNumber, expiry: '12/30', cvc: '123' })
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/psp/checkout/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  return { status: response.statusCode, location: response.headers.location as string }
}

async function threeDSecure(sessionId: string, result: 'approve' | 'fail') {
  const form = new URLSearchParams({ session: sessionId, result })
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/psp/3ds',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  return { status: response.statusCode, location: response.headers.location as string }
}

describe('card payment through the hosted checkout', () => {
  it('starts: the order awaits payment and the browser goes to the marked sandbox checkout', async () => {
    const customer = await payableBuyer(t)
    const { reference, checkoutUrl, sessionId } = await startCard(customer.token)
    expect(checkoutUrl).toBe(`/sandbox/psp/checkout?session=${sessionId}`)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl })
    expect(page.body).toContain('test environment')
    expect(page.body).toContain('4242424242424242')
    expect(page.body).toContain(reference)
  })

  it('an approved card pays, fills and delivers; the return page reads the status the webhook set', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const back = await pay(sessionId, '4242 4242 4242 4242')
    expect(back).toEqual({ status: 303, location: `/dashboard-returncc?session_id=${sessionId}` })
    const status = await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })
    expect(status.body.data).toEqual({
      orderReference: reference,
      paymentStatus: 'succeeded',
      orderStatus: 'completed',
      failureReason: null,
    })
    expect((await mailTo(t.db, customer.email)).map((mail) => mail.template).slice(0, 2)).toEqual([
      'order_completed',
      'order_paid',
    ])
  })

  it('a declined card keeps the order open at its price; another card then pays it, once', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    await pay(sessionId, '4000000000000002')
    const status = (await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data
    expect(status).toEqual({
      orderReference: reference,
      paymentStatus: 'failed',
      orderStatus: 'initiated',
      failureReason: 'Your card was declined by your bank.',
    })
    const before = await storedOrder(t, reference)
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('order_failed')
    expect(mail?.text).toContain('Your card was declined by your bank.')
    expect(mail?.text).toContain(
      `Your order keeps its price until ${before.priceExpiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    )

    const again = await callUser(t.app, 'orderStartCard', customer.token, {
      orderReference: reference,
      pspId: 'sandbox-card',
    })
    expect(again.body.result).toBe(true)
    expect(again.body.data.sessionId).not.toBe(sessionId)
    await pay(again.body.data.sessionId, '4242424242424242')
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'completed', customerRate: before.customerRate, fiatAmount: '250.00' })
    const stored = await t.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(stored.map((payment) => payment.status).sort()).toEqual(['failed', 'succeeded'])
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([])
  })

  it('"Cancel and go back" at the checkout returns an open order, which can then be paid another way', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const back = await t.app.inject({
      method: 'POST',
      url: '/sandbox/psp/checkout/cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session: sessionId }).toString(),
    })
    expect(back.headers.location).toBe(`/dashboard-returncc?session_id=${sessionId}`)
    expect((await storedOrder(t, reference)).status).toBe('initiated')
    const wire = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    expect(wire.body.result).toBe(true)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })

  it('a checkout left without a word (the back button) does not block a second card; the first to pay wins', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId: first } = await startCard(customer.token)
    const second = (
      await callUser(t.app, 'orderStartCard', customer.token, { orderReference: reference, pspId: 'sandbox-card' })
    ).body.data.sessionId as string
    expect(second).not.toBe(first)
    await pay(second, '4242424242424242')
    // The abandoned tab is paid as well: it buys nothing and goes back to the card.
    await pay(first, '4242424242424242')
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('completed')
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: '250.00', reason: 'Card payment for an order already paid another way' }),
    ])
  })

  it('a decline after the price time fails the order: there is no price left to try again at', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    t.clock.advance(901_000)
    await pay(sessionId, '4000000000000002')
    expect((await storedOrder(t, reference)).status).toBe('failed')
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.text).toContain('You can start a new order and pay another way.')
    await t.app.jobs.refreshRates()
  })

  it('a 3-D Secure card asks for the bank step; confirming it pays', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const step = await pay(sessionId, '4000000000003220')
    expect(step.location).toBe(`/sandbox/psp/3ds?session=${sessionId}`)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    const page = await t.app.inject({ method: 'GET', url: step.location })
    expect(page.body).toContain('Confirm with your bank')
    expect((await threeDSecure(sessionId, 'approve')).location).toBe(`/dashboard-returncc?session_id=${sessionId}`)
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('a failed 3-D Secure step fails the payment and leaves the order open for another try', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    await pay(sessionId, '4000000000003220')
    await threeDSecure(sessionId, 'fail')
    expect((await storedOrder(t, reference)).status).toBe('initiated')
  })

  it('an invalid card number stays on the checkout with an error and changes nothing', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sandbox/psp/checkout/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        session: sessionId,
        cardNumber: '4242424242424241',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('That card number is not valid. Use one of the test cards.')
    expect(refused.body).toContain(`name="session" value="${sessionId}"`)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })

  it('the browser coming back proves nothing: without the webhook the order still awaits payment', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const status = (await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data
    expect(status).toMatchObject({ paymentStatus: 'pending', orderStatus: 'awaiting_payment' })
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })

  it('refuses a forged PSP notice, and the same notice twice changes nothing the second time', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const body = JSON.stringify({ id: 'evt_test_fixed_1', type: 'checkout.session.completed', data: { sessionId } })
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/psp',
        headers: { 'content-type': 'application/json', 'x-psp-signature': signature },
        payload: body,
      })

    expect((await send(signNotice(Buffer.from('a-forger-does-not-know-the-key'), body, now))).statusCode).toBe(401)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')

    const first = await send(signNotice(Buffer.from(SECRET), body, now))
    expect(first.json()).toEqual({ result: true, duplicate: false })
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const mails = (await mailTo(t.db, customer.email)).length
    const second = await send(signNotice(Buffer.from(SECRET), body, now))
    expect(second.json()).toEqual({ result: true, duplicate: true })
    expect(await mailTo(t.db, customer.email)).toHaveLength(mails)
    expect(
      await t.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.orderId, (await storedOrder(t, reference)).id)),
    ).toHaveLength(1)
  })

  it('a card paid after the price ran out buys nothing: the money goes back to the card and the customer is told', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    t.clock.advance(901_000)
    await t.app.jobs.expireOrders()
    await t.app.jobs.refreshRates()
    expect((await storedOrder(t, reference)).status).toBe('expired')

    await pay(sessionId, '4242424242424242')
    const status = (await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data
    expect(status).toEqual({
      orderReference: reference,
      paymentStatus: 'succeeded',
      orderStatus: 'expired',
      failureReason:
        'The price of this order ran out before your payment arrived. We are sending 250.00 EUR back to your card.',
    })
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('expired')
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(0)
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: '250.00', currency: 'eur', status: 'pending', createdBy: 'system' }),
    ])
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail).toMatchObject({ template: 'order_refunded' })
    expect(mail?.text).toContain('we are sending 250.00 EUR back to your card')
  })

  it("does not show another customer's card payment", async () => {
    const customer = await payableBuyer(t)
    const other = await payableBuyer(t)
    const { sessionId } = await startCard(customer.token)
    expect((await callUser(t.app, 'orderPaymentStatus', other.token, { sessionId })).body.error).toBe('order_not_found')
  })

  it('refuses a card option the order cannot use and an order awaiting a bank transfer', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect(
      (await callUser(t.app, 'orderStartCard', customer.token, { orderReference: reference, pspId: 'no-such-psp' }))
        .body.error,
    ).toBe('method_unavailable')
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    // A transfer may already be on its way: no card beside it, and the order keeps the way it is paid.
    expect(
      (await callUser(t.app, 'orderStartCard', customer.token, { orderReference: reference, pspId: 'sandbox-card' }))
        .body.error,
    ).toBe('transition_not_allowed')
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ methodGroup: 'wire' })
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toMatchObject([
      { method: 'wire', status: 'pending' },
    ])
  })
})
