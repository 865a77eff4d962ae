import { eq } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyIntents, deliveries, refunds } from '../src/db/schema'
import {
  buildTestApp,
  callUser,
  declareSourceOfFunds,
  mailTo,
  signUpVerified,
  storedOrder,
  type TestApp,
  verifyIdentity,
  wireOrderPaid,
} from './build-test-app'

const SECRET = 'test-bank-webhook-secret-0123456789'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://exchange.example' } })
})
afterAll(() => t.close())

/** A new customer who has not verified their identity pays a wire order of 250 EUR. */
async function paidBeforeIdentity() {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  const paid = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
  expect(paid.answer).toMatchObject({ result: true, outcome: 'matched' })
  return { ...paid, customer }
}

async function queuedJobs(name: string) {
  const result = (await t.db.execute(
    sql`select state from pgboss.job where name = ${name} and state in ('created', 'retry')`,
  )) as { rows: unknown[] }
  return result.rows.length
}

describe('a payout waits for the identity check', () => {
  it('holds a paid order of an unverified customer in awaiting_checks, buys nothing and tells the customer what to do', async () => {
    const { customer, reference } = await paidBeforeIdentity()
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('awaiting_checks')
    expect(await t.db.select().from(buyIntents).where(eq(buyIntents.orderId, order.id))).toEqual([])
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toEqual([])

    const [held] = await mailTo(t.db, customer.email)
    expect(held?.template).toBe('order_awaiting_checks')
    expect(held?.subject).toBe(`One step before we send your coins: Helvex order ${reference}`)
    expect(held?.text).toContain('The law asks us to confirm your identity before we send crypto.')
    expect(held?.text).toContain('https://exchange.example/dashboard-authstart')

    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
    expect(detail.body.data.order.statusName).toBe('awaiting_checks')
    expect(detail.body.data.events.at(-1)).toMatchObject({
      toStatus: 'awaiting_checks',
      cause: 'Payout waits for the customer’s identity step',
    })

    // Neither the retry job nor the expiry sweep moves it while the check is owed.
    t.clock.advance(3_600_000)
    await t.app.jobs.settleWaitingOrders()
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
  })

  it('buys and delivers as soon as the check is approved, through a job queued with the decision', async () => {
    const { customer, reference } = await paidBeforeIdentity()
    const started = await callUser(t.app, 'identityStart', customer.token)
    const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ applicant, outcome: 'approved' }).toString(),
    })
    // The decision is stored with its job: a process that stops now leaves the job for another one.
    expect(await queuedJobs('customer-checks-changed')).toBe(1)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')

    expect(await t.app.jobs.customerChecksChanged()).toBe(1)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const templates = (await mailTo(t.db, customer.email)).map((mail) => mail.template)
    expect(templates[0]).toBe('order_completed')
    expect(templates).toContain('order_awaiting_checks')
  })

  it('refunds the held payment in full to the account it came from when the check is rejected', async () => {
    const { customer, reference } = await paidBeforeIdentity()
    await verifyIdentity(t, customer.token, 'rejected')
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('refunded')
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      {
        amount: '250.00',
        currency: 'eur',
        toIban: 'CH9300762011623852957',
        status: 'pending',
        createdBy: 'system',
        reason: 'the identity check before payout was refused',
      },
    ])
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toEqual([])
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('order_refunded')
  })

  it('pays out at once a customer verified before paying', async () => {
    await t.app.jobs.refreshRates()
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token)
    await verifyIdentity(t, customer.token)
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })
})
