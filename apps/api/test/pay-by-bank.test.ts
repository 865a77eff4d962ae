import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '../src/db/tables/modules/orders'
import { signNotice } from '../src/providers/signed-notice'
import { callUser, initiateBuy, mailTo, payableBuyer, useTestApp } from './support'

const t = useTestApp()

async function startPayByBank(token: string) {
  const { reference } = (await initiateBuy(t, token)).body.data
  const started = await callUser(t.app, 'orderStartPayByBank', token, {
    orderReference: reference,
    tlId: 'sandbox-bank-1',
  })
  return { reference, ...started.body.data } as { reference: string; authUrl: string; sessionId: string }
}

async function decide(consent: string, decision: 'approve' | 'cancel') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ consent, decision, account: 'current' }).toString(),
  })
  return { status: response.statusCode, location: response.headers.location as string }
}

async function status(reference: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  return row!.status
}

describe('pay-by-bank', () => {
  it('sends the customer to their bank’s consent page, marked as a test environment', async () => {
    const customer = await payableBuyer(t)
    const { reference, authUrl, sessionId } = await startPayByBank(customer.token)
    expect(authUrl).toBe(`/sandbox/bank/consent?consent=${sessionId}`)
    expect(await status(reference)).toBe('awaiting_payment')
    const page = await t.app.inject({ method: 'GET', url: authUrl })
    expect(page.body).toContain('test environment')
    expect(page.body).toContain('Approve payment')
    expect(page.body).toContain(reference)
  })

  it('approved at the bank: paid, filled, delivered; the return page reads it', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startPayByBank(customer.token)
    expect(await decide(sessionId, 'approve')).toEqual({
      status: 303,
      location: `/dashboard-returncc?session_id=${sessionId}`,
    })
    expect(await status(reference)).toBe('completed')
    expect((await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data).toMatchObject({
      paymentStatus: 'succeeded',
      orderStatus: 'completed',
    })
    expect((await mailTo(t.db, customer.email))[0]?.template).toBe('order_completed')
  })

  it('cancelled at the bank: the payment fails with the reason; the order stays open while its price holds', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startPayByBank(customer.token)
    await decide(sessionId, 'cancel')
    expect(await status(reference)).toBe('initiated')
    expect((await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data).toMatchObject({
      paymentStatus: 'failed',
      failureReason: 'You cancelled the payment at your bank.',
    })
  })

  it('refuses a forged bank notice', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startPayByBank(customer.token)
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.executed', data: { consentId: sessionId } })
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/open-banking',
      headers: {
        'content-type': 'application/json',
        'x-open-banking-signature': signNotice(
          Buffer.from('guessed-key-guessed-key'),
          body,
          Math.floor(t.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    })
    expect(response.statusCode).toBe(401)
    expect(await status(reference)).toBe('awaiting_payment')
  })

  it('refuses a bank the order cannot use', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect(
      (
        await callUser(t.app, 'orderStartPayByBank', customer.token, {
          orderReference: reference,
          tlId: 'no-such-bank',
        })
      ).body.error,
    ).toBe('method_unavailable')
    expect(await status(reference)).toBe('initiated')
  })
})
