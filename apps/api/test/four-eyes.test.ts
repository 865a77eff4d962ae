import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { fourEyesRequests, operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import {
  callUser,
  declareSourceOfFunds,
  mailTo,
  operatorPost,
  signAgreement,
  signUpVerified,
  storedOrder,
  useOperatorSession,
  useTestApp,
  wireOrderPaid,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'

// Refunds above 250 (in their own currency) need a second operator; 250.00 itself does not.
const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET, FOUR_EYES_REFUND_ABOVE: '250' } })
const anna = useOperatorSession(t, ['compliance', 'finance'], 'ops.anna')
const bruno = useOperatorSession(t, ['compliance', 'finance'], 'ops.bruno')
const sam = useOperatorSession(t, ['support'], 'ops.sam')
const fiona = useOperatorSession(t, ['finance'], 'ops.fiona')

const post = (url: string, payload: object, who: { headers: { cookie: string } }) =>
  operatorPost(t, url, payload, who.headers)

/** A bank transfer held because its payer is not the customer (250.00 EUR). */
async function heldPayment() {
  const { customer, reference } = await wireOrderPaid(t, SECRET, 'Charles Babbage')
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  const [transfer] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order!.id))
  return { customer, reference, transfer: transfer! }
}

/** A paid order whose payout waits for the customer's identity check: refundable. */
async function waitingOrder(amount: string) {
  await t.app.jobs.refreshRates()
  const unverified = await signUpVerified(t)
  await declareSourceOfFunds(t, unverified.token)
  await signAgreement(t, unverified.token)
  const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', unverified, { arrivesAnyway: true, amount })
  expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
  return { customer: unverified, reference }
}

async function askRelease(transferId: string, who = anna) {
  const asked = await post('/operator/actions/approve-transfer', { transferId, reason: 'Payer is her husband' }, who)
  return asked.json() as { result: boolean; requestId: string }
}

describe('four-eyes decisions (decision 132)', () => {
  it('a held payment is released only when a second operator approves; the requester cannot approve their own', async () => {
    const { reference, transfer } = await heldPayment()
    const asked = await askRelease(transfer.id)
    expect(asked).toEqual({ result: true, requestId: expect.any(String) })
    // Asking does nothing to the order or the money.
    expect((await storedOrder(t, reference)).status).toBe('payment_review')

    // The page lists the request: what, on what, who asked, when and why; the asker sees no forms for it.
    const annaPage = (await t.app.inject({ method: 'GET', url: '/operator', headers: anna.headers })).body
    const section = annaPage.slice(annaPage.indexOf('Waiting for a second operator'))
    const row = section.slice(section.indexOf(transfer.id)).split('</tr>')[0]!
    expect(row).toContain('ops.anna')
    expect(row).toContain('Payer is her husband')
    expect(row).toContain('Yours: another operator decides it')
    const brunoPage = (await t.app.inject({ method: 'GET', url: '/operator', headers: bruno.headers })).body
    expect(brunoPage).toContain(`action="/operator/four-eyes/${asked.requestId}/approve"`)
    expect(brunoPage).toContain(`action="/operator/four-eyes/${asked.requestId}/decline"`)

    const own = await post(`/operator/four-eyes/${asked.requestId}/approve`, { reason: 'looks fine' }, anna)
    expect(own.statusCode).toBe(403)
    expect(own.json()).toEqual({ result: false, error: 'four_eyes_own_request' })
    // As a form, the operator reads why.
    const ownForm = await t.app.inject({
      method: 'POST',
      url: `/operator/four-eyes/${asked.requestId}/approve`,
      headers: {
        ...anna.headers,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: 'reason=looks+fine',
    })
    expect(ownForm.statusCode).toBe(403)
    expect(ownForm.body).toContain('you asked for this yourself')
    expect((await storedOrder(t, reference)).status).toBe('payment_review')

    const approved = await post(
      `/operator/four-eyes/${asked.requestId}/approve`,
      { reason: 'Marriage certificate seen' },
      bruno,
    )
    expect(approved.json()).toEqual({ result: true, action: 'approve_transfer' })
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const [request] = await t.db.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, asked.requestId))
    expect(request).toMatchObject({
      action: 'approve_transfer',
      target: transfer.id,
      status: 'approved',
      requestedBy: anna.id,
      reason: 'Payer is her husband',
      decidedBy: bruno.id,
      decisionReason: 'Marriage certificate seen',
    })
    const [decided] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.id, transfer.id))
    expect(decided?.decidedBy).toBe('ops.bruno')
    const logged = await t.db
      .select({ action: operatorActions.action, operatorId: operatorActions.operatorId })
      .from(operatorActions)
      .where(eq(operatorActions.transferId, transfer.id))
      .orderBy(operatorActions.id)
    expect(logged).toEqual([
      { action: 'four_eyes_requested', operatorId: anna.id },
      { action: 'four_eyes_approved', operatorId: bruno.id },
    ])

    // Decided once: a second approval or a decline is refused, and the request row cannot be changed or removed.
    for (const verb of ['approve', 'decline'])
      expect((await post(`/operator/four-eyes/${asked.requestId}/${verb}`, { reason: 'again' }, bruno)).json()).toEqual(
        {
          result: false,
          error: 'four_eyes_decided',
        },
      )
    await expect(t.db.execute(sql`update four_eyes_requests set status = 'declined'`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from four_eyes_requests`)).rejects.toThrow()
  })

  it('an operator of another role is refused 403, before and at the decision', async () => {
    const { reference, transfer } = await heldPayment()
    const asked = await askRelease(transfer.id)
    // Support decides no four-eyes request at all; finance alone does not release held payments (compliance does).
    const bySupport = await post(`/operator/four-eyes/${asked.requestId}/approve`, { reason: 'why not' }, sam)
    expect(bySupport.statusCode).toBe(403)
    expect(bySupport.json()).toEqual({ result: false, error: 'forbidden' })
    const byFinance = await post(`/operator/four-eyes/${asked.requestId}/approve`, { reason: 'why not' }, fiona)
    expect(byFinance.statusCode).toBe(403)
    expect(byFinance.json()).toEqual({ result: false, error: 'forbidden' })
    expect((await post(`/operator/four-eyes/${asked.requestId}/decline`, {}, fiona)).statusCode).toBe(403)
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    const [request] = await t.db.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, asked.requestId))
    expect(request?.status).toBe('requested')
  })

  it('a decline leaves the order and the money as they were; a new request may be asked after it', async () => {
    const { customer, reference, transfer } = await heldPayment()
    const mailsBefore = (await mailTo(t.db, customer.email)).length
    const asked = await askRelease(transfer.id)
    // One request waits per action and target.
    expect(
      (await post('/operator/actions/approve-transfer', { transferId: transfer.id, reason: 'again' }, bruno)).json(),
    ).toEqual({
      result: false,
      error: 'four_eyes_pending',
    })
    const declined = await post(
      `/operator/four-eyes/${asked.requestId}/decline`,
      { reason: 'Ask for the marriage certificate' },
      bruno,
    )
    expect(declined.json()).toEqual({ result: true })
    expect((await storedOrder(t, reference)).status).toBe('payment_review')
    const [after] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.id, transfer.id))
    expect(after).toMatchObject({ outcome: 'held_name_mismatch', decidedBy: null })
    expect(await mailTo(t.db, customer.email)).toHaveLength(mailsBefore)
    const [request] = await t.db.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, asked.requestId))
    expect(request).toMatchObject({
      status: 'declined',
      decidedBy: bruno.id,
      decisionReason: 'Ask for the marriage certificate',
    })
    expect(await askRelease(transfer.id, bruno)).toEqual({ result: true, requestId: expect.any(String) })
    // Nothing about the request reaches the customer: the order's trail has no new entry and no name.
    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
    expect(JSON.stringify(detail.body)).not.toContain('ops.')
    expect(JSON.stringify(detail.body)).not.toContain('marriage')
  })

  it('a refund at or below FOUR_EYES_REFUND_ABOVE goes through at once; above it, only once a second operator approves', async () => {
    const small = await waitingOrder('250')
    expect(
      (
        await post(
          '/operator/actions/refund-order',
          { orderReference: small.reference, reason: 'Customer asked' },
          anna,
        )
      ).json(),
    ).toEqual({
      result: true,
    })
    expect((await storedOrder(t, small.reference)).status).toBe('refunded')

    const large = await waitingOrder('300')
    const asked = (
      await post('/operator/actions/refund-order', { orderReference: large.reference, reason: 'Customer asked' }, anna)
    ).json() as { requestId: string }
    expect(asked.requestId).toEqual(expect.any(String))
    expect((await storedOrder(t, large.reference)).status).toBe('awaiting_checks')
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, large.reference))
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).toEqual([])

    // Finance alone is enough for a refund.
    const approved = await post(
      `/operator/four-eyes/${asked.requestId}/approve`,
      { reason: 'Checked the payment' },
      fiona,
    )
    expect(approved.json()).toEqual({ result: true, action: 'refund_order' })
    expect((await storedOrder(t, large.reference)).status).toBe('refunded')
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).toMatchObject([
      { amount: '300.00', reason: 'Customer asked', createdBy: 'ops.fiona' },
    ])
    const [mail] = await mailTo(t.db, large.customer.email)
    expect(mail?.template).toBe('order_refunded')
    expect(mail?.text).not.toContain('ops.')

    // A held payment of 250.00 is refunded at once too.
    const { reference, transfer } = await heldPayment()
    expect(
      (
        await post('/operator/actions/refund-transfer', { transferId: transfer.id, reason: 'Third-party payer' }, anna)
      ).json(),
    ).toEqual({
      result: true,
    })
    expect((await storedOrder(t, reference)).status).toBe('failed')
  })

  it('clearing enhanced checks is asked for and cleared by a second compliance operator; rejecting stays one decision', async () => {
    await t.app.jobs.refreshRates()
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token, { politicallyExposed: true })
    await callUser(t.app, 'saveQuestionnaire', customer.token, {
      answers: {
        politicallyExposed: true,
        pepDetails: 'My father, member of the cantonal parliament of Zug since 2019',
        highRiskCountryTies: false,
        sourceOfWealth: 'employment',
        sourceOfWealthDetails: 'Salary as an engineer since 2010, savings of about CHF 200,000',
      },
    })
    const steps = async () =>
      (
        (await callUser(t.app, 'journeyStatus', customer.token)).body.data.steps as { id: string; state: string }[]
      ).find((step) => step.id === 'enhanced_checks')
    expect(await steps()).toMatchObject({ state: 'in_review' })
    const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
    const asked = (
      await post(
        '/operator/actions/approve-enhanced-checks',
        { customerId: row!.id, reason: 'Salary slips seen' },
        anna,
      )
    ).json() as { requestId: string }
    expect(asked.requestId).toEqual(expect.any(String))
    expect(await steps()).toMatchObject({ state: 'in_review' })
    expect(
      (await post(`/operator/four-eyes/${asked.requestId}/approve`, { reason: 'fine by me' }, fiona)).statusCode,
    ).toBe(403)
    expect((await post(`/operator/four-eyes/${asked.requestId}/approve`, { reason: 'Agreed' }, bruno)).json()).toEqual({
      result: true,
      action: 'clear_enhanced_checks',
    })
    expect(await steps()).toBeUndefined()
    const [logged] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(logged).toMatchObject({ action: 'four_eyes_approved', operatorId: bruno.id })
  })
})
