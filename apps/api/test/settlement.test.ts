import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { payments } from '../src/db/tables/modules/payments'
import { rates } from '../src/db/tables/modules/rates'
import { refunds } from '../src/db/tables/modules/refunds'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  BTC_WALLET,
  ETH_WALLET,
  buyer,
  callUser,
  initiateBuy,
  mailTo,
  storedOrder,
  useTestApp,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const PAYER_IBAN = 'CH9300762011623852957'

const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET } })

function notice(data: Record<string, unknown>, eventId = `evt_${randomBytes(6).toString('hex')}`) {
  return JSON.stringify({
    eventId,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      currency: 'eur',
      payerName: 'Ada Lovelace',
      payerIban: PAYER_IBAN,
      receivedAt: t.clock.now().toISOString(),
      ...data,
    },
  })
}

async function deliver(
  body: string,
  signature = signNotice(Buffer.from(SECRET), body, Math.floor(t.clock.now().getTime() / 1000)),
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signature },
    payload: body,
  })
  return { status: response.statusCode, body: response.json() }
}

async function namedBuyer() {
  const customer = await buyer(t)
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  return customer
}

async function wireOrder(token: string, amount = '250') {
  const { reference } = (await initiateBuy(t, token, { amount })).body.data
  const instructions = (
    await callUser(t.app, 'orderSubmitWire', token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body.data
  return { reference, instructions }
}

/** Fresh prices, 10 % above the last ones: beyond the re-price tolerance of a late transfer. */
async function priceMovesUp() {
  await t.app.jobs.refreshRates()
  await t.db.update(rates).set({ mid: sql`${rates.mid} * 1.1` })
}

async function refundsOf(reference: string) {
  return t.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, (await storedOrder(t, reference)).id))
}

describe('a wire transfer, end to end', () => {
  it('matches by reference, pays, buys from the liquidity provider and delivers with a simulated transaction id', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const answer = await deliver(
      notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: `Order ${reference}` }),
    )
    expect(answer).toEqual({ status: 200, body: { result: true, outcome: 'matched', duplicate: false } })

    const done = await storedOrder(t, reference)
    expect(done.status).toBe('completed')
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.orderId, done.id))
    expect(delivery).toMatchObject({ provider: 'sandbox', simulated: true })
    expect(delivery?.txId).toMatch(/^SIMULATED-[0-9a-f]{32}$/)
    // The customer sees the transaction as simulated, with no explorer page to follow.
    const shown = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(shown.delivery).toEqual({
      txId: delivery?.txId,
      simulated: true,
      network: 'mainnet',
      deliveredAt: delivery?.deliveredAt?.toISOString() ?? null,
      explorerUrl: null,
    })
    // A real delivery links its transaction on the coin's explorer.
    await t.db
      .update(deliveries)
      .set({ simulated: false, txId: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16' })
      .where(eq(deliveries.orderId, done.id))
    expect(
      (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data.delivery,
    ).toMatchObject({
      simulated: false,
      explorerUrl: 'https://mempool.space/tx/f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
    })

    const timeline = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
      .events
    expect(timeline.map((event: { toStatus: string }) => event.toStatus)).toEqual([
      'initiated',
      'awaiting_payment',
      'paid',
      'processing',
      'completed',
    ])
    expect(timeline.at(-1).words).toContain(delivery!.txId!)

    const templates = (await mailTo(t.db, customer.email)).map((mail) => mail.template)
    expect(templates.slice(0, 3)).toEqual(['order_completed', 'order_paid', 'order_created'])
    const [completed] = await mailTo(t.db, customer.email)
    expect(completed?.text).toContain(delivery!.txId!)
    expect(completed?.text).toContain('Test environment: no coins were sent')
  })

  it('the same notice twice changes nothing the second time', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const body = notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference })
    await deliver(body)
    const mailsBefore = (await mailTo(t.db, customer.email)).length
    const again = await deliver(body)
    expect(again.body).toMatchObject({ result: true, outcome: 'matched', duplicate: true })
    expect(await mailTo(t.db, customer.email)).toHaveLength(mailsBefore)
    expect(
      await t.db
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.orderId, (await storedOrder(t, reference)).id)),
    ).toHaveLength(1)
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('refuses a forged signature, a signature for another body and a replayed old notice, and changes nothing', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const body = notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference })
    const now = Math.floor(t.clock.now().getTime() / 1000)
    expect((await deliver(body, signNotice(Buffer.from('not-the-secret-at-all'), body, now))).status).toBe(401)
    expect((await deliver(body, signNotice(Buffer.from(SECRET), body.replace('250.00', '25000.00'), now))).status).toBe(
      401,
    )
    expect((await deliver(body, signNotice(Buffer.from(SECRET), body, now - 600))).status).toBe(401)
    expect((await deliver(body, 'garbage')).status).toBe(401)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })
})

describe('outcomes of a bank transfer', () => {
  it('underpayment: the order fails, the whole amount is refunded, the customer is told why', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const answer = await deliver(
      notice({ amount: '200.00', creditedIban: instructions.iban, paymentReference: reference }),
    )
    expect(answer.body.outcome).toBe('underpaid')
    expect((await storedOrder(t, reference)).status).toBe('failed')
    expect(await refundsOf(reference)).toMatchObject([
      { amount: '200.00', currency: 'eur', toIban: PAYER_IBAN, reason: 'Underpayment', status: 'pending' },
    ])
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail).toMatchObject({ template: 'order_failed' })
    expect(mail?.text).toContain('200.00 EUR')
  })

  it('overpayment: the order is filled and the excess is refunded', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    expect(
      (await deliver(notice({ amount: '260.50', creditedIban: instructions.iban, paymentReference: reference }))).body
        .outcome,
    ).toBe('overpaid')
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(await refundsOf(reference)).toMatchObject([{ amount: '10.50', reason: 'Overpayment: the excess' }])
  })

  it('a payer in another name is held for review and nothing is bought', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    expect(
      (
        await deliver(
          notice({
            amount: '250.00',
            payerName: 'Charles Babbage',
            creditedIban: instructions.iban,
            paymentReference: reference,
          }),
        )
      ).body.outcome,
    ).toBe('held_name_mismatch')
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    expect(await refundsOf(reference)).toEqual([])
    const [review] = await mailTo(t.db, customer.email)
    expect(review).toMatchObject({ template: 'order_payment_review', subject: expect.stringContaining(reference) })
    expect(review?.text).toContain('We received 250.00 EUR from an account in the name of Charles Babbage.')
    const detail = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(detail.review).toMatchObject({ amount: '250.00', payerName: 'Charles Babbage', shortfall: null })
  })

  it('late payment: held for the customer, who may buy at the current price', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    t.clock.advance(16 * 60_000)
    await priceMovesUp()
    expect(
      (await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))).body
        .outcome,
    ).toBe('late_awaiting_consent')
    expect((await storedOrder(t, reference)).status).toBe('expired')
    expect((await mailTo(t.db, customer.email))[0]?.template).toBe('order_late_payment')
    const waiting = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(waiting.latePayment).toEqual({ amount: '250.00', currency: 'eur', receivedAt: t.clock.now().toISOString() })
    const listed = (await callUser(t.app, 'getHistory', customer.token, {})).body.data.orders
    expect(listed.find((order: { orderReference: string }) => order.orderReference === reference)).toMatchObject({
      statusName: 'expired',
      decisionWaits: true,
    })

    const before = await storedOrder(t, reference)
    const quote = (await callUser(t.app, 'orderQuoteLatePayment', customer.token, { orderReference: reference })).body
    expect(quote).toMatchObject({
      result: true,
      data: {
        received: { amount: '250.00', currency: 'eur' },
        buy: { fiatAmount: '250.00', crypto: 'btc', previousRate: before.customerRate, excess: '0.00' },
        refund: { amount: '250.00', currency: 'eur', toAccountEnding: '2957' },
      },
    })
    // Money as decimal strings; the preview stored nothing.
    expect(quote.data.buy.rate).toMatch(/^\d+\.\d+$/)
    expect(quote.data.buy.cryptoAmount).toMatch(/^\d+\.\d+$/)
    expect(quote.data.buy.fee).toMatch(/^\d+\.\d{2}$/)
    expect(await storedOrder(t, reference)).toEqual(before)

    // Consent names the price shown; without one nothing is decided.
    expect(
      (
        await callUser(t.app, 'orderDecideLatePayment', customer.token, {
          orderReference: reference,
          decision: 'reprice',
        })
      ).body.error,
    ).toBe('validation_failed')
    const decided = await callUser(t.app, 'orderDecideLatePayment', customer.token, {
      orderReference: reference,
      decision: 'reprice',
      quotedRate: quote.data.buy.rate,
    })
    expect(decided.body).toEqual({ result: true, statusName: 'completed' })
    expect(
      (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data.latePayment,
    ).toBeNull()
    const repriced = await storedOrder(t, reference)
    expect(repriced.fiatAmount).toBe('250.00')
    expect(repriced.rateFetchedAt.getTime()).toBe(t.clock.now().getTime())
    // The order bought exactly what the preview showed.
    expect(Number(repriced.customerRate)).toBe(Number(quote.data.buy.rate))
    expect(Number(repriced.cryptoAmount)).toBe(Number(quote.data.buy.cryptoAmount))
    expect(repriced.fee).toBe(quote.data.buy.fee)
  })

  it('late payment: a price that moved against the customer after the preview is refused, nothing decided', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    t.clock.advance(16 * 60_000)
    await priceMovesUp()
    await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))
    const shown = (await callUser(t.app, 'orderQuoteLatePayment', customer.token, { orderReference: reference })).body
      .data.buy
    await t.db.update(rates).set({ mid: sql`${rates.mid} * 1.01` })
    t.clock.advance(5_000)

    const refused = await callUser(t.app, 'orderDecideLatePayment', customer.token, {
      orderReference: reference,
      decision: 'reprice',
      quotedRate: shown.rate,
    })
    expect(refused.body).toEqual({ result: false, error: 'price_changed' })
    expect((await storedOrder(t, reference)).status).toBe('expired')
    const [transfer] = await t.db
      .select()
      .from(incomingTransfers)
      .where(eq(incomingTransfers.orderId, (await storedOrder(t, reference)).id))
    expect(transfer?.outcome).toBe('late_awaiting_consent')

    // The new preview shows the new price; buying at it goes through.
    const again = (await callUser(t.app, 'orderQuoteLatePayment', customer.token, { orderReference: reference })).body
      .data.buy
    expect(Number(again.rate)).toBeGreaterThan(Number(shown.rate))
    expect(
      (
        await callUser(t.app, 'orderDecideLatePayment', customer.token, {
          orderReference: reference,
          decision: 'reprice',
          quotedRate: again.rate,
        })
      ).body,
    ).toEqual({ result: true, statusName: 'completed' })
  })

  it('late payment preview: only the owner, only while the decision waits', async () => {
    const customer = await namedBuyer()
    const other = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    expect(
      (await callUser(t.app, 'orderQuoteLatePayment', customer.token, { orderReference: reference })).body.error,
    ).toBe('transition_not_allowed')
    t.clock.advance(16 * 60_000)
    await priceMovesUp()
    await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))
    expect(
      (await callUser(t.app, 'orderQuoteLatePayment', other.token, { orderReference: reference })).body.error,
    ).toBe('order_not_found')

    expect(
      (await callUser(t.app, 'orderQuoteLatePayment', customer.token, { orderReference: reference })).body.data.buy,
    ).toMatchObject({ fiatAmount: '250.00' })
  })

  it('late payment: or take the money back', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    t.clock.advance(16 * 60_000)
    await priceMovesUp()
    await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))
    expect(
      (
        await callUser(t.app, 'orderDecideLatePayment', customer.token, {
          orderReference: reference,
          decision: 'refund',
        })
      ).body,
    ).toEqual({ result: true, statusName: 'refunded' })
    expect(await refundsOf(reference)).toMatchObject([{ amount: '250.00', createdBy: 'customer' }])
    expect(
      (
        await callUser(t.app, 'orderDecideLatePayment', customer.token, {
          orderReference: reference,
          decision: 'reprice',
          quotedRate: '100000.00',
        })
      ).body.error,
    ).toBe('transition_not_allowed')
  })

  it('a payment for a cancelled order goes back in full', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: reference, statusName: 'cancelled' })
    expect(
      (await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))).body
        .outcome,
    ).toBe('no_open_order')
    expect(await refundsOf(reference)).toMatchObject([{ amount: '250.00' }])
    expect((await storedOrder(t, reference)).status).toBe('cancelled')
  })

  it('money with no matching order is held for an operator', async () => {
    const customer = await namedBuyer()
    const { instructions } = await wireOrder(customer.token)
    const answer = await deliver(
      notice({ amount: '99.00', creditedIban: instructions.iban, paymentReference: 'hello' }),
    )
    expect(answer.body.outcome).toBe('unmatched')
  })

  it('a notice that breaks the bank contract answers 400 and stores nothing', async () => {
    const body = JSON.stringify({
      eventId: 'x',
      type: 'transfer.received',
      data: { transferId: 'y', amount: '-5', currency: 'eur' },
    })
    expect((await deliver(body)).status).toBe(400)
  })
})

describe('virtual IBAN payment, end to end', () => {
  it('money sent to the customer’s virtual IBAN pays their waiting order, without a reference', async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token, { amount: '300', assetId: 'btc_chf' })).body.data
    const viban = (await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: reference })).body.data
    await callUser(t.app, 'orderCompleteViban', customer.token)
    const answer = await deliver(
      notice({ amount: '300.00', currency: 'chf', creditedIban: viban.iban, paymentReference: '' }),
    )
    expect(answer.body.outcome).toBe('matched')
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })
})

describe('orderLpToBroker', () => {
  it('is refused for an unpaid order and does nothing more for a completed one', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    expect((await callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })).body.error).toBe(
      'transition_not_allowed',
    )
    await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))
    expect((await callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })).body).toEqual({
      result: true,
      statusName: 'completed',
    })
    expect(
      await t.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.orderId, (await storedOrder(t, reference)).id)),
    ).toHaveLength(1)
  })
})

describe('sandbox bank operator page', () => {
  it('is a marked test environment with a form, and sends a signed notice the exchange accepts', async () => {
    const pageResponse = await t.app.inject({ method: 'GET', url: '/sandbox/bank-partner' })
    expect(pageResponse.body).toContain('test environment')
    expect(pageResponse.body).toContain('<form method="post" action="/sandbox/bank-partner/transfers">')

    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const form = new URLSearchParams({
      creditedIban: instructions.iban,
      amount: '250.00',
      currency: 'eur',
      payerName: 'Ada Lovelace',
      payerIban: PAYER_IBAN,
      paymentReference: reference,
    })
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank-partner/transfers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    })
    expect(sent.body).toContain('matched')
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })
})

describe('late transfers: the name check first, the limits on every re-price (issue 8, defect 3)', () => {
  async function lateWire(amount: string, payerName = 'Ada Lovelace') {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    t.clock.advance(16 * 60_000)
    await t.app.jobs.refreshRates()
    const answer = await deliver(
      notice({ amount, payerName, creditedIban: instructions.iban, paymentReference: reference }),
    )
    return { customer, reference, answer }
  }

  it('50,000 EUR late on a 250 EUR order buys the maximum at the price on arrival and refunds the rest', async () => {
    const { customer, reference, answer } = await lateWire('50000.00')
    expect(answer.body.outcome).toBe('repriced')
    const order = await storedOrder(t, reference)
    // 15,000 EUR paid reaches the enhanced-checks volume (decision 036): bought only once a person checked them.
    expect(order).toMatchObject({
      status: 'awaiting_checks',
      payoutWaitsFor: 'enhanced_checks',
      fiatAmount: '15000.00',
    })
    expect(order.rateFetchedAt.getTime()).toBe(t.clock.now().getTime())
    expect(await refundsOf(reference)).toMatchObject([
      { amount: '35000.00', reason: 'Above the maximum order: the excess', toIban: PAYER_IBAN },
    ])
    const paidMail = (await mailTo(t.db, customer.email)).find((mail) => mail.template === 'order_paid')
    expect(paidMail?.text).toContain('priced it again at the current price')
  })

  it('5 EUR late (minimum 25) buys nothing: all of it goes back and the order is refunded', async () => {
    const { reference, answer } = await lateWire('5.00')
    expect(answer.body.outcome).toBe('refused_below_minimum')
    expect((await storedOrder(t, reference)).status).toBe('refunded')
    expect(await refundsOf(reference)).toMatchObject([{ amount: '5.00', reason: 'Below the minimum order' }])
  })

  it('a late transfer from another person is held for review, not completed', async () => {
    const { reference, answer } = await lateWire('250.00', 'Charles Babbage')
    expect(answer.body.outcome).toBe('held_name_mismatch')
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    expect(await refundsOf(reference)).toEqual([])
  })
})

describe('money under review holds the order (issue 8, defect 8)', () => {
  it('a short transfer from another name: payment under review, the shortfall named, and it does not expire', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    await deliver(
      notice({
        amount: '200.00',
        payerName: 'Charles Babbage',
        creditedIban: instructions.iban,
        paymentReference: reference,
      }),
    )
    t.clock.advance(16 * 60_000)
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    const detail = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(detail.events.at(-1)).toMatchObject({ toStatus: 'payment_review' })
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'transfer_held',
      words: 'Your payment of 200.00 EUR came from an account in another name than yours: we check it before it counts',
    })
    expect(detail.review).toEqual({
      amount: '200.00',
      currency: 'eur',
      receivedAt: expect.any(String),
      payerName: 'Charles Babbage',
      reason:
        'Your payment of 200.00 EUR came from an account in another name than yours: we check it before it counts',
      shortfall: '50.00',
    })
    const [review] = await mailTo(t.db, customer.email)
    expect(review?.text).toContain('Short of the order by: 50.00 EUR')
  })
})

describe('notice amounts (issue 8, defect 7)', () => {
  it('refuses an amount with more decimals than the currency, and stores nothing', async () => {
    const customer = await namedBuyer()
    const { reference, instructions } = await wireOrder(customer.token)
    const transferId = `trf_${randomBytes(6).toString('hex')}`
    const answer = await deliver(
      notice({ transferId, amount: '250.001', creditedIban: instructions.iban, paymentReference: reference }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect(
      await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.providerTransferId, transferId)),
    ).toEqual([])
    expect(await refundsOf(reference)).toEqual([])
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })
})

describe('a transfer pays an order whose card checkout is still open (issue 8, defect 1)', () => {
  it('cancels the card payment; a card success that still comes is recorded and refunded', async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const { sessionId } = (
      await callUser(t.app, 'orderStartCard', customer.token, { orderReference: reference, pspId: 'sandbox-card' })
    ).body.data
    // The company's receiving account, as another order's wire instructions show it.
    const { instructions } = await wireOrder(customer.token)
    const wire = await deliver(
      notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }),
    )
    expect(wire.body.outcome).toBe('matched')
    const orderId = (await storedOrder(t, reference)).id
    const [card] = await t.db.select().from(payments).where(eq(payments.providerRef, sessionId))
    expect(card?.status).toBe('cancelled')

    const form = new URLSearchParams({
      session: sessionId,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    })
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/psp/checkout/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    })
    const [charged] = await t.db.select().from(payments).where(eq(payments.providerRef, sessionId))
    expect(charged?.status).toBe('succeeded')
    const owed = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(owed).toMatchObject([
      { amount: '250.00', toIban: null, reason: 'Card payment for an order already paid another way' },
    ])
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const status = (await callUser(t.app, 'orderPaymentStatus', customer.token, { sessionId })).body.data
    expect(status.failureReason).toContain('already paid another way')
  })
})

describe('a paid order without a wallet (issue 8, defect 9; decision 039)', () => {
  it('waits before buying, asks for a wallet by mail with a link to the wallet screen; orderSetWallet checks it as at initiation and a proven wallet is paid out', async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token, { wallet: '' })).body.data
    // No way to pay is shown before the order's wallet is proven (decision 080)…
    const wire = { orderReference: reference, tlId: 'sandbox-bank-1' }
    expect((await callUser(t.app, 'orderSubmitWire', customer.token, wire)).body).toEqual({
      result: false,
      error: 'step_required',
      step: 'wallet',
    })
    // …but a transfer naming the order that arrives anyway is held, never lost.
    const { instructions } = await wireOrder(customer.token)
    await deliver(notice({ amount: '250.00', creditedIban: instructions.iban, paymentReference: reference }))
    // Nothing is bought for a payout that may never be allowed: the order waits for a wallet proven to be theirs.
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'wallet' })
    const [asked] = await mailTo(t.db, customer.email)
    expect(asked).toMatchObject({ template: 'order_awaiting_checks' })
    expect(asked?.text).toContain('The law asks us to know the wallet your coins go to and make sure that it is yours')
    expect(asked?.text).toContain(`/dashboard-wallets?order=${reference}`)

    const refused = await callUser(t.app, 'orderSetWallet', customer.token, {
      orderReference: reference,
      wallet: ETH_WALLET,
    })
    expect(refused.body).toEqual({ result: false, error: 'wallet_invalid' })
    expect((await storedOrder(t, reference)).wallet).toBe(PLACEHOLDER_WALLET)

    // The buyer proved BTC_WALLET already: giving it pays out at once.
    const given = await callUser(t.app, 'orderSetWallet', customer.token, {
      orderReference: reference,
      wallet: BTC_WALLET,
    })
    expect(given.body).toEqual({ result: true, statusName: 'completed' })
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'completed', wallet: BTC_WALLET })
    expect(
      (await callUser(t.app, 'orderSetWallet', customer.token, { orderReference: reference, wallet: BTC_WALLET })).body
        .error,
    ).toBe('transition_not_allowed')
  })

  it('an order not yet paid takes its wallet, and can then be paid (decision 080)', async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token, { wallet: '' })).body.data
    const given = await callUser(t.app, 'orderSetWallet', customer.token, {
      orderReference: reference,
      wallet: BTC_WALLET,
    })
    expect(given.body).toEqual({ result: true, statusName: 'initiated' })
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'initiated', wallet: BTC_WALLET })
    const wire = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    expect(wire.body).toMatchObject({ result: true, data: { reference } })
  })
})
