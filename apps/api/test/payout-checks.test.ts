import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buyIntents, deliveries } from '../src/db/tables/modules/fulfilment'
import { customers } from '../src/db/tables/modules/customers'
import { orderEvents } from '../src/db/tables/modules/orders'
import { payments } from '../src/db/tables/modules/payments'
import { refunds } from '../src/db/tables/modules/refunds'
import { walletProofs } from '../src/db/tables/modules/wallets'
import {
  ADA_DETAILS,
  BTC_WALLET,
  buildTestApp,
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
  wireOrderPaid,
} from './support'
import { DOCUMENT_NAME } from './support/customer-fixtures'
import { bitcoinSign } from './support/wallets'

const SECRET = 'test-bank-webhook-secret-0123456789'
const PSP_SECRET = 'test-psp-webhook-secret-0123456789'
/** One session key for both processes of the last test, as every process of a deployment shares it. */
const ENV = {
  BANK_WEBHOOK_SECRET: SECRET,
  PSP_WEBHOOK_SECRET: PSP_SECRET,
  PUBLIC_URL: 'https://exchange.example',
  JWT_SECRET: 'payout-checks-test-secret-0123456789-abcdef',
}

const t = useTestApp({ env: ENV })

/**
 * A new customer who has declared the source of funds pays a wire order of 250 EUR to BTC_WALLET; `before` runs
 * first (proving the wallet, verifying the identity), so that a test chooses which step the payout waits for. The
 * customer owes a step before paying, so the instructions are refused (decision 080) and the transfer arrives anyway:
 * money in flight is held for the step, never lost.
 */
async function paidBefore(before: (token: string) => Promise<void> = async () => {}) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await before(customer.token)
  const paid = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true })
  expect(paid.answer).toMatchObject({ result: true, outcome: 'matched' })
  return { ...paid, customer }
}

/** Paid with the wallet proven and the identity not yet verified: the payout waits for the identity alone. */
const paidBeforeIdentity = () => paidBefore((token) => proveWallet(t, token, { crypto: 'btc', address: BTC_WALLET }))

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

/** `customer-checks-changed` jobs waiting to run, for one customer or for all. */
async function queuedJobs(name: string, customerId?: string) {
  const result = (await t.db.execute(
    customerId
      ? sql`select state from pgboss.job where name = ${name} and state in ('created', 'retry') and data->>'customerId' = ${customerId}`
      : sql`select state from pgboss.job where name = ${name} and state in ('created', 'retry')`,
  )) as { rows: unknown[] }
  return result.rows.length
}

async function mailsOf(email: string, template: string) {
  return (await mailTo(t.db, email)).filter((mail) => mail.template === template)
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
    expect(detail.body.data.payoutWaitsFor).toEqual({ step: 'identity', screen: '/dashboard-authstart' })
    // The dashboard lists it as waiting for the customer, with the step, and no longer as an order to pay.
    const gross = (await callUser(t.app, 'getGross', customer.token)).body.data
    expect(gross.waitingOrders).toEqual([
      {
        order: expect.objectContaining({ orderReference: reference, statusName: 'awaiting_checks' }),
        waitsFor: { step: 'identity', screen: '/dashboard-authstart' },
      },
    ])
    expect(gross.openOrder).toEqual([])
    expect(detail.body.data.events.at(-1)).toMatchObject({
      toStatus: 'awaiting_checks',
      kind: 'payout_waits',
      // The step owed shows with its button above the timeline (waitsFor): the entry adds no words.
      words: null,
    })

    // Neither the retry job nor the expiry sweep moves it while the check is owed.
    t.clock.advance(3_600_000)
    await t.app.jobs.settleWaitingOrders()
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
  })

  it('buys and delivers as soon as the check is approved, through a job queued with the decision', async () => {
    const { customer, reference } = await paidBeforeIdentity()
    await t.app.jobs.customerChecksChanged()
    const started = await callUser(t.app, 'identityStart', customer.token)
    const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ applicant, outcome: 'approved', ...DOCUMENT_NAME }).toString(),
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
    await signAgreement(t, customer.token)
    await verifyIdentity(t, customer.token)
    await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })
})

describe('the customer is mailed the outcome of the identity check', () => {
  /** The sandbox identity page's answer for this customer's check, as a tester picks it. */
  async function decide(token: string, outcome: string, reason?: string) {
    const started = await callUser(t.app, 'identityStart', token)
    const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        applicant,
        outcome,
        ...(reason && { reason }),
        ...(outcome === 'approved' && DOCUMENT_NAME),
      }).toString(),
    })
  }

  it('approved: says so and where to go on', async () => {
    const customer = await signUpVerified(t)
    await decide(customer.token, 'approved')
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail).toMatchObject({ template: 'identity_approved', subject: 'Your identity is verified at Helvex' })
    expect(mail?.text).toContain('https://exchange.example/dashboard')
  })

  it('resubmission needed: gives the partner’s words and the link to send again', async () => {
    const customer = await signUpVerified(t)
    await decide(customer.token, 'resubmission_requested', 'BAD_PROOF_OF_IDENTITY')
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('identity_resubmission_requested')
    expect(mail?.text).toContain('The document photo is blurred.')
    expect(mail?.text).toContain('https://exchange.example/dashboard-authstart')
  })

  it('rejected: gives the reason and the way to support', async () => {
    const customer = await signUpVerified(t)
    await decide(customer.token, 'rejected', 'SELFIE_MISMATCH')
    const mails = await mailsOf(customer.email, 'identity_rejected')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('The selfie does not match the photo on the document.')
    expect(mails[0]?.text).toContain('support@helvex.example')
  })
})

describe('a payout waits for a wallet proven to be the customer’s (decision 039)', () => {
  it('holds a paid order to an unproven wallet, tells the customer once, and delivers it once after the proof', async () => {
    const { customer, reference } = await paidBefore((token) => verifyIdentity(t, token))
    const customerId = await customerIdOf(customer.email)
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'wallet' })
    const [held] = await mailsOf(customer.email, 'order_awaiting_checks')
    expect(held?.text).toContain(`The law asks us to make sure that the wallet ${BTC_WALLET} is yours`)
    expect(held?.text).toContain(`https://exchange.example/dashboard-wallets?order=${reference}`)
    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
    expect(detail.body.data.payoutWaitsFor).toEqual({ step: 'wallet', screen: `/dashboard-wallets?order=${reference}` })
    const waiting = (await callUser(t.app, 'getGross', customer.token)).body.data.waitingOrders
    expect(waiting).toMatchObject([
      {
        order: { orderReference: reference },
        waitsFor: { step: 'wallet', screen: `/dashboard-wallets?order=${reference}` },
      },
    ])

    // Asked again (the customer's own "send to broker", the retry job), it waits without a second mail.
    await callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })
    t.clock.advance(3_600_000)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
    expect(await mailsOf(customer.email, 'order_awaiting_checks')).toHaveLength(1)

    await t.app.jobs.customerChecksChanged()
    const issued = await callUser(t.app, 'walletChallenge', customer.token, {
      wallet: { crypto: 'btc', address: BTC_WALLET },
    })
    const proved = await callUser(t.app, 'walletProve', customer.token, {
      challengeId: issued.body.data.challengeId,
      signature: bitcoinSign(issued.body.data.message),
    })
    expect(proved.body).toMatchObject({ result: true, data: { crypto: 'btc', address: BTC_WALLET } })
    // The proof is stored with the job that moves the order on: a process stopping now leaves it to another.
    expect(await queuedJobs('customer-checks-changed', customerId)).toBe(1)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')

    await t.app.jobs.customerChecksChanged()
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'completed', payoutWaitsFor: null })
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
    expect(await mailsOf(customer.email, 'order_completed')).toHaveLength(1)
    // Nothing waits for the customer any more: the dashboard says so as soon as it asks.
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.waitingOrders).toEqual([])
  })

  it('refuses a wrong signature, stores nothing and frees nothing', async () => {
    const { customer, reference } = await paidBefore((token) => verifyIdentity(t, token))
    const customerId = await customerIdOf(customer.email)
    await t.app.jobs.customerChecksChanged()
    const issued = await callUser(t.app, 'walletChallenge', customer.token, {
      wallet: { crypto: 'btc', address: BTC_WALLET },
    })
    // Signed by another key than the wallet's.
    const otherKey = new Uint8Array(32).fill(7)
    const refused = await callUser(t.app, 'walletProve', customer.token, {
      challengeId: issued.body.data.challengeId,
      signature: bitcoinSign(issued.body.data.message, otherKey),
    })
    expect(refused.body).toEqual({ result: false, error: 'wallet_signature_invalid' })
    expect(await t.db.select().from(walletProofs).where(eq(walletProofs.customerId, customerId))).toEqual([])
    expect(await queuedJobs('customer-checks-changed', customerId)).toBe(0)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
  })

  it('an order waiting for the identity comes to wait for its wallet, and the customer is told of that step too', async () => {
    const { customer, reference } = await paidBefore()
    expect((await storedOrder(t, reference)).payoutWaitsFor).toBe('identity')
    await verifyIdentity(t, customer.token)
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'wallet' })
    const causes = (
      await t.db
        .select({ cause: orderEvents.cause })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'awaiting_checks')))
        .orderBy(orderEvents.id)
    ).map((event) => event.cause)
    expect(causes).toEqual([
      expect.stringContaining('confirm your identity'),
      expect.stringContaining(`make sure that the wallet ${BTC_WALLET} is yours`),
    ])
    expect(await mailsOf(customer.email, 'order_awaiting_checks')).toHaveLength(2)

    await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })
})

describe('a card payment waits for the customer’s details (decision 080)', () => {
  it('refuses the checkout of a customer without details, naming the step, and pays out once they are given', async () => {
    await t.app.jobs.refreshRates()
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token)
    await signAgreement(t, customer.token)
    await verifyIdentity(t, customer.token)
    await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const card = { orderReference: reference, pspId: 'sandbox-card' }
    expect((await callUser(t.app, 'orderStartCard', customer.token, card)).body).toEqual({
      result: false,
      error: 'step_required',
      step: 'details',
    })
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'initiated', methodGroup: null })
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([])

    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const started = await callUser(t.app, 'orderStartCard', customer.token, card)
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/psp/checkout/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        session: started.body.data.sessionId,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    })
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(await mailsOf(customer.email, 'order_awaiting_checks')).toEqual([])
  })
})

describe('two processes at once (decision 039)', () => {
  it('proving the wallet in both and resuming in both delivers the waiting order exactly once', async () => {
    const { customer, reference } = await paidBefore((token) => verifyIdentity(t, token))
    await t.app.jobs.customerChecksChanged()
    // A second process on the same database (the last test of the file: the outbox helpers now read through it).
    const second = await buildTestApp({ sameDatabaseAs: t, env: ENV })
    try {
      const challenges = await Promise.all(
        [t, second].map((app) =>
          callUser(app.app, 'walletChallenge', customer.token, { wallet: { crypto: 'btc', address: BTC_WALLET } }),
        ),
      )
      const proofs = await Promise.all(
        challenges.map((issued, i) =>
          callUser([t, second][i]!.app, 'walletProve', customer.token, {
            challengeId: issued.body.data.challengeId,
            signature: bitcoinSign(issued.body.data.message),
          }),
        ),
      )
      expect(proofs.map((proof) => proof.body.result)).toEqual([true, true])

      await Promise.all([
        t.app.jobs.customerChecksChanged(),
        second.app.jobs.customerChecksChanged(),
        callUser(second.app, 'orderLpToBroker', customer.token, { orderReference: reference }),
        callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference }),
      ])
      // A run that found the order held by another leaves it; whatever is left is taken by the next job run.
      await t.app.jobs.customerChecksChanged()
      const order = await storedOrder(t, reference)
      expect(order.status).toBe('completed')
      expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
      expect(await t.db.select().from(buyIntents).where(eq(buyIntents.orderId, order.id))).toHaveLength(1)
      const completions = await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'completed')))
      expect(completions).toHaveLength(1)
      expect(await mailsOf(customer.email, 'order_completed')).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})
