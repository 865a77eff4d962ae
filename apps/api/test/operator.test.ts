import { desc, eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orderEvents, orders } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  askAndApprove,
  buyer,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  mailTo,
  signAgreement,
  signUpVerified,
  storedOrder,
  useOperatorSession,
  useTestApp,
  wireOrderPaid,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'

const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET } })
/** An operator who holds the payment actions' roles (decision 127): compliance approves, finance refunds and records. */
const ops = useOperatorSession(t, ['compliance', 'finance'], 'ops.anna')
const operator: Record<string, string> = ops.headers
/** A second operator of the same roles, who approves what the first asks for (decision 132). */
const second = useOperatorSession(t, ['compliance', 'finance'], 'ops.bruno')

async function heldPayment() {
  const { customer, reference } = await wireOrderPaid(t, SECRET, 'Charles Babbage')
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  const [transfer] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order!.id))
  return { customer, reference, transfer: transfer! }
}

async function bankNotice(data: Record<string, unknown>) {
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(4).toString('hex')}`,
    type: 'transfer.received',
    data: { currency: 'eur', receivedAt: t.clock.now().toISOString(), ...data },
  })
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: {
      'content-type': 'application/json',
      [BANK_SIGNATURE_HEADER]: signNotice(Buffer.from(SECRET), body, Math.floor(t.clock.now().getTime() / 1000)),
    },
    payload: body,
  })
  return response.json()
}

const act = (action: string, payload: object, headers = operator) =>
  t.app.inject({
    method: 'POST',
    url: `/operator/actions/${action}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  })

describe('operator view', () => {
  it("refuses a customer token, a forged session, no session, and sends a browser's page request to the sign-in", async () => {
    const customer = await buyer(t)
    const forged = { cookie: `operatorSession=${'A'.repeat(43)}` }
    for (const headers of [{ authorization: `Bearer ${customer.token}` }, forged, {}]) {
      const response = await t.app.inject({ method: 'GET', url: '/operator', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ result: false, error: 'unauthorized' })
      const browser = await t.app.inject({
        method: 'GET',
        url: '/operator',
        headers: { ...headers, accept: 'text/html' },
      })
      expect(browser.statusCode).toBe(303)
      expect(browser.headers.location).toBe('/operator/login')
    }
    expect(
      (
        await act(
          'refund-order',
          { orderReference: 'ABCDEFGHJK', reason: 'test' },
          { authorization: `Bearer ${customer.token}` },
        )
      ).statusCode,
    ).toBe(401)
  })

  it('lists held payments and recent orders for an operator', async () => {
    const { reference } = await heldPayment()
    const page = await t.app.inject({ method: 'GET', url: '/operator', headers: operator })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('signed in as ops.anna')
    expect(page.body).toContain('Charles Babbage')
    expect(page.body).toContain(reference)
  })

  it('lists payouts waiting for the customer’s checks with the step each waits on', async () => {
    await t.app.jobs.refreshRates()
    const unverified = await signUpVerified(t)
    await declareSourceOfFunds(t, unverified.token)
    await signAgreement(t, unverified.token)
    // The transfer comes although no instructions were given before the identity check (decision 080).
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', unverified, { arrivesAnyway: true })
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
    const page = await t.app.inject({ method: 'GET', url: '/operator', headers: operator })
    const section = page.body.slice(page.body.indexOf('Payouts waiting for the customer'))
    expect(section).toMatch(/^Payouts waiting for the customer's checks \(\d+\)/)
    const row = section.slice(section.indexOf(reference)).split('</tr>')[0]
    expect(row).toContain(unverified.email)
    expect(row).toContain('<td>identity</td>')
  })

  it('a held payment released by a second operator fills the order, and the action is logged with who and when', async () => {
    const { customer, reference, transfer } = await heldPayment()
    const answer = await askAndApprove(t, 'approve-transfer', { transferId: transfer.id }, ops.headers, second.headers)
    expect(answer.json()).toEqual({ result: true, action: 'approve_transfer' })
    const mails = (await mailTo(t.db, customer.email)).map((mail) => mail.template)
    expect(mails.slice(0, 3)).toEqual(['order_completed', 'order_paid', 'order_payment_review'])
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(order?.status).toBe('completed')
    const [logged] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    // Who acted: the operator's login name as it was, and their account (decision 127).
    expect(logged).toMatchObject({
      operator: 'ops.bruno',
      operatorId: second.id,
      action: 'four_eyes_approved',
      transferId: transfer.id,
      orderId: order!.id,
    })
    expect(logged?.createdAt.getTime()).toBe(t.clock.now().getTime())
  })

  it('refunding a held payment records the refund and fails the order', async () => {
    const { customer, reference, transfer } = await heldPayment()
    expect((await act('refund-transfer', { transferId: transfer.id, reason: 'Third-party payer' })).json()).toEqual({
      result: true,
    })
    const [returned] = await mailTo(t.db, customer.email)
    expect(returned?.template).toBe('order_refunded')
    expect(returned?.text).toContain(
      'We did not accept your payment of 250.00 EUR and are sending it back to the account it came from.',
    )
    expect(returned?.text).toContain('Reason: Third-party payer')
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(order?.status).toBe('failed')
    // The customer reads that our team acted, never which operator: the operator's name stays in the back office.
    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
    expect(detail.body.data.events.at(-1)).toMatchObject({
      toStatus: 'failed',
      actor: 'operator',
      kind: 'held_transfer_refunded',
      words: 'After our check, your payment goes back to you',
    })
    // The operator's reason is for the back office too.
    expect(JSON.stringify(detail.body)).not.toContain('Third-party payer')
    const [trail] = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order!.id))
      .orderBy(desc(orderEvents.id))
      .limit(1)
    expect(trail?.cause).toBe('Payment refunded by our team: Third-party payer')
    expect(JSON.stringify(detail.body)).not.toContain('ops.anna')
    expect(returned?.text).not.toContain('ops.anna')
    expect(await t.db.select().from(refunds).where(eq(refunds.transferId, transfer.id))).toMatchObject([
      { amount: '250.00', createdBy: 'ops.anna', reason: 'Third-party payer' },
    ])
    expect((await act('refund-transfer', { transferId: transfer.id, reason: 'again' })).json()).toEqual({
      result: false,
      error: 'transition_not_allowed',
    })
  })

  it('marks a wire received from the bank statement', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    const answer = await act('mark-wire-received', {
      orderReference: reference,
      amount: '250.00',
      payerName: 'Ada Lovelace',
      payerIban: 'CH93 0076 2011 6238 5295 7',
    })
    expect(answer.json()).toEqual({ result: true, outcome: 'matched' })
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(order?.status).toBe('completed')
  })

  it('a wire recorded by hand and then notified by the bank is counted once: held for review, never refunded (defect 4)', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const wire = (
      await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    ).body.data
    await act('mark-wire-received', {
      orderReference: reference,
      amount: '250.00',
      payerName: 'Ada Lovelace',
      payerIban: 'CH93 0076 2011 6238 5295 7',
    })
    const answer = await bankNotice({
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      amount: '250.00',
      payerName: 'ADA LOVELACE',
      payerIban: 'CH9300762011623852957',
      paymentReference: `Order ${reference}`,
      creditedIban: wire.iban,
    })
    expect(answer).toMatchObject({ result: true, outcome: 'held_possible_duplicate', duplicate: false })
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(order?.status).toBe('completed')
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).toEqual([])
    const overview = await t.app.inject({ method: 'GET', url: '/operator', headers: operator })
    expect(overview.body).toContain('held_possible_duplicate')
  })

  it("a wire recorded with the bank's transfer id makes the bank's notice of it a plain repeat", async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const wire = (
      await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    ).body.data
    const transferId = `trf_${randomBytes(6).toString('hex')}`
    await act('mark-wire-received', {
      orderReference: reference,
      amount: '250.00',
      payerName: 'Ada Lovelace',
      payerIban: 'CH93 0076 2011 6238 5295 7',
      bankTransferId: transferId,
    })
    const answer = await bankNotice({
      transferId,
      amount: '250.00',
      payerName: 'Ada Lovelace',
      payerIban: 'CH9300762011623852957',
      paymentReference: reference,
      creditedIban: wire.iban,
    })
    expect(answer).toMatchObject({ result: true, outcome: 'matched', duplicate: true })
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).toEqual([])
  })

  it("takes a form action only from the operator page's own host: another site's page cannot make the browser act", async () => {
    const { reference, transfer } = await heldPayment()
    const form = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/operator/actions/approve-transfer',
        headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: `transferId=${transfer.id}&reason=Payer+is+her+husband`,
      })

    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8080' },
      {},
    ]
    for (const headers of foreign) {
      const refused = await form(headers)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ result: false, error: 'forbidden' })
    }
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    expect(await t.db.select().from(operatorActions).where(eq(operatorActions.transferId, transfer.id))).toHaveLength(0)

    const asked = await form({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })
    expect(asked.statusCode).toBe(303)
    expect(asked.headers.location).toMatch(/^\/operator\?done=Asked/)
    // Asked for, not done: a second operator releases it (decision 132).
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
  })

  it('takes a form action from a browser that sends only Origin, when it names this host', async () => {
    const { reference, transfer } = await heldPayment()
    const answer = await t.app.inject({
      method: 'POST',
      url: '/operator/actions/refund-transfer',
      headers: {
        ...operator,
        host: 'ops.helvex.example',
        origin: 'https://ops.helvex.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `transferId=${transfer.id}&reason=Third-party+payer`,
    })
    expect(answer.statusCode).toBe(303)
    expect((await storedOrder(t, reference)).status).toBe('failed')
  })

  it('refuses malformed actions with 400', async () => {
    expect(
      (
        await act('mark-wire-received', {
          orderReference: 'ABCDEFGHJK',
          amount: '-1',
          payerName: 'x',
          payerIban: 'nope',
        })
      ).statusCode,
    ).toBe(400)
    expect((await act('approve-transfer', { transferId: 'not-a-uuid' })).statusCode).toBe(400)
  })
})
