import { asc, eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { orderEvents } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  BTC_WALLET,
  buyer,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  mailTo,
  proveWallet,
  signAgreement,
  signUpVerified,
  storedOrder,
  useTestApp,
  verifyIdentity,
  EVERY_ROLE,
  askAndApprove,
  useOperatorSession,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const HOUR = 3_600_000
const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET, SESSION_HOURS: '240' } })
const operator = useOperatorSession(t, EVERY_ROLE, 'ops.anna')
/** The second operator who approves a release (decision 132). */
const second = useOperatorSession(t, ['compliance'], 'ops.bruno')
const operatorHeaders: Record<string, string> = operator.headers

/**
 * A customer named Ada Lovelace who renames herself to `renamedTo`, has her identity verified under that name (the name
 * is frozen from then on, decision 090) and, `hoursLater`, starts a 250 EUR wire order.
 */
async function renamedCustomerWithWireOrder(renamedTo: { firstName: string; lastName: string }, hoursLater = 0) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  t.clock.advance(60_000)
  expect((await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, ...renamedTo })).body).toEqual({
    result: true,
  })
  await verifyIdentity(t, customer.token, 'approved', renamedTo)
  await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
  if (hoursLater > 0) {
    t.clock.advance(hoursLater * HOUR)
    await t.app.jobs.refreshRates()
  }
  const { reference } = (await initiateBuy(t, customer.token)).body.data
  const wire = (
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body.data
  return { customer, reference, iban: wire.iban as string }
}

async function sendTransfer(order: { reference: string; iban: string }, payerName: string) {
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(4).toString('hex')}`,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      amount: '250.00',
      currency: 'eur',
      payerName,
      payerIban: 'CH9300762011623852957',
      paymentReference: order.reference,
      creditedIban: order.iban,
      receivedAt: t.clock.now().toISOString(),
    },
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
  return { status: response.statusCode, body: response.json() as { outcome: string; duplicate: boolean } }
}

async function timeline(orderId: string) {
  const events = await t.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id))
  return events.map((event) => event.cause)
}

const operatorAction = async (action: string, payload: object) => {
  // The test's clock moves hours on: the operator signs in again (decision 127).
  await operator.renew()
  return t.app.inject({
    method: 'POST',
    url: `/operator/actions/${action}`,
    headers: {
      ...operatorHeaders,
      'content-type': 'application/json',
    },
    payload,
  })
}

describe('a payment soon after a change of the customer’s name is held for a person (decision 028)', () => {
  it('a transfer from the new name within the hold time is held, named on the timeline, and nothing is bought', async () => {
    const order = await renamedCustomerWithWireOrder({ firstName: 'Grace', lastName: 'Hopper' }, 71)
    const answer = await sendTransfer(order, 'Grace Hopper')
    expect(answer).toEqual({ status: 200, body: { result: true, outcome: 'held_name_mismatch', duplicate: false } })

    const stored = await storedOrder(t, order.reference)
    expect(stored.status).toBe('payment_review')
    expect(await timeline(stored.id)).toContainEqual(
      expect.stringMatching(
        /^Payment of 250\.00 EUR from "Grace Hopper" held for review: the customer's name changed from "Ada Lovelace" to "Grace Hopper" at \S+Z, less than the hold time before this payment$/,
      ),
    )
    const [transfer] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, stored.id))
    expect(transfer).toMatchObject({ outcome: 'held_name_mismatch', note: expect.stringContaining('name changed') })
    const mail = (await mailTo(t.db, order.customer.email)).find((sent) => sent.template === 'order_payment_review')
    expect(mail).toBeDefined()

    // It stays held past the price time and past the hold time: the expiry sweep leaves an order under review alone.
    t.clock.advance(2 * HOUR)
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, order.reference)).status).toBe('payment_review')

    // The operator sees it among the payments held for a person, and approves it: the order completes.
    await operator.renew()
    const page = await t.app.inject({
      method: 'GET',
      url: '/operator',
      headers: { ...operatorHeaders },
    })
    expect(page.body).toContain(order.reference)
    expect(page.body).toContain('name changed from &quot;Ada Lovelace&quot; to &quot;Grace Hopper&quot;')
    // And among the changes of customers' names, with who changed from what to what.
    const changes = page.body.slice(page.body.indexOf('Changes of customers'), page.body.indexOf('<h2>Recent orders'))
    expect(changes).toContain(`<td>${order.customer.email}</td><td>Ada Lovelace</td><td>Grace Hopper</td>`)
    await second.renew()
    const approved = await askAndApprove(
      t,
      'approve-transfer',
      { transferId: transfer!.id },
      operator.headers,
      second.headers,
    )
    expect(approved.json()).toEqual({ result: true, action: 'approve_transfer' })
    expect((await storedOrder(t, order.reference)).status).toBe('completed')
  })

  it('a payer who differs from a freshly changed name is held with both reasons; the operator refunds it', async () => {
    const order = await renamedCustomerWithWireOrder({ firstName: 'Grace', lastName: 'Hopper' })
    expect((await sendTransfer(order, 'Charles Babbage')).body.outcome).toBe('held_name_mismatch')
    const stored = await storedOrder(t, order.reference)
    const [transfer] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, stored.id))
    expect(transfer!.note).toMatch(/the payer "Charles Babbage" is not the customer; the customer's name changed/)

    const refunded = await operatorAction('refund-transfer', { transferId: transfer!.id, reason: 'Not her account' })
    expect(refunded.statusCode).toBe(200)
    expect((await storedOrder(t, order.reference)).status).toBe('failed')
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, stored.id))).toMatchObject([
      { amount: '250.00', toIban: 'CH9300762011623852957', reason: 'Not her account' },
    ])
  })

  it('once the hold time has passed since the change, a transfer from the new name pays as usual', async () => {
    const order = await renamedCustomerWithWireOrder({ firstName: 'Grace', lastName: 'Hopper' }, 72.1)
    expect((await sendTransfer(order, 'Grace Hopper')).body.outcome).toBe('matched')
    expect((await storedOrder(t, order.reference)).status).toBe('completed')
  })

  it('giving a name for the first time is not a change: the first transfer pays at once', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const wire = (
      await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    ).body.data
    expect((await sendTransfer({ reference, iban: wire.iban }, 'Ada Lovelace')).body.outcome).toBe('matched')
  })
})
