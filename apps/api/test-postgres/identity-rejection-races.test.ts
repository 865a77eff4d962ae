import { and, eq, inArray } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { identityChecks } from '../src/db/tables/modules/identity'
import { orders } from '../src/db/tables/modules/orders'
import { payments } from '../src/db/tables/modules/payments'
import { refunds } from '../src/db/tables/modules/refunds'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import {
  SANDBOX_IDV_SIGNATURE_HEADER,
  type SandboxIdvNotice,
} from '../src/providers/identity/sandbox-identity.provider'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  BTC_WALLET,
  type TestApp,
  buildTestApp,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  mailTo,
  proveWallet,
  signAgreement,
  signUpVerified,
  storedOrder,
  wireOrderPaid,
} from '../test/support'
import { DOCUMENT_NAME } from '../test/support/customer-fixtures'

const BANK_SECRET = 'test-bank-webhook-secret-0123456789'
const IDV_SECRET = 'idv-test-secret-0123456789'
/** Both processes share the session key and the notice secrets, as every process of a deployment does. */
const ENV = {
  BANK_WEBHOOK_SECRET: BANK_SECRET,
  IDV_WEBHOOK_SECRET: IDV_SECRET,
  JWT_SECRET: 'identity-rejection-races-secret-0123456789-abcdef',
}

/** Two api processes on one PostgreSQL database, each with its own connection pool. */
let one: TestApp
let two: TestApp
beforeAll(async () => {
  one = await buildTestApp({ env: ENV })
  two = await buildTestApp({ env: ENV, sameDatabaseAs: one, clock: one.clock })
})
afterAll(async () => {
  await two.close()
  await one.close()
})

/** A customer who may start orders, with a proven wallet and details, whose identity check waits in review. */
async function customerInReview() {
  await one.app.jobs.refreshRates()
  const customer = await signUpVerified(one)
  await declareSourceOfFunds(one, customer.token)
  await signAgreement(one, customer.token)
  await proveWallet(one, customer.token, { crypto: 'btc', address: BTC_WALLET })
  await callUser(one.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const started = await callUser(one.app, 'identityStart', customer.token)
  const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
  await one.app.inject({
    method: 'POST',
    url: '/sandbox/idv/verify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ applicant, outcome: 'review', ...DOCUMENT_NAME }).toString(),
  })
  const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  const [check] = await one.db.select().from(identityChecks).where(eq(identityChecks.customerId, row!.id))
  expect(check?.status).toBe('review')
  return { ...customer, customerId: row!.id, applicantId: check!.applicantId!, checkId: check!.id }
}

/** The identity provider's final rejection, signed; each call is another delivery with its own notice id. */
function rejection(applicantId: string, checkId: string) {
  const notice: SandboxIdvNotice = {
    id: `evt_idv_${randomBytes(6).toString('hex')}`,
    type: 'applicant.reviewed',
    createdAt: one.clock.now().toISOString(),
    data: {
      applicantId,
      externalUserId: checkId,
      outcome: 'rejected',
      reasons: ['FORGERY'],
      message: 'The document could not be verified.',
    },
  }
  const body = JSON.stringify(notice)
  return { body, signature: signNotice(Buffer.from(IDV_SECRET), body, Math.floor(one.clock.now().getTime() / 1000)) }
}

async function deliverIdentity(t: TestApp, notice: { body: string; signature: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: { 'content-type': 'application/json', [SANDBOX_IDV_SIGNATURE_HEADER]: notice.signature },
    payload: notice.body,
  })
  return response.statusCode
}

async function mailsOf(email: string, template: string) {
  return (await mailTo(one.db, email)).filter((mail) => mail.template === template)
}

describe('a final identity rejection across two processes (decision 080)', () => {
  it('delivered twice, to both processes at once, refunds every paid order once with one e-mail each', async () => {
    const customer = await customerInReview()
    // Two transfers arrive although no instructions were given while the check was open: held, waiting for it.
    const paid = [
      await wireOrderPaid(one, BANK_SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true }),
      await wireOrderPaid(two, BANK_SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true }),
    ]
    for (const { reference } of paid) expect((await storedOrder(one, reference)).status).toBe('awaiting_checks')

    const first = rejection(customer.applicantId, customer.checkId)
    const again = rejection(customer.applicantId, customer.checkId)
    const statuses = await Promise.all([
      deliverIdentity(one, first),
      deliverIdentity(two, first),
      deliverIdentity(two, again),
    ])
    expect(statuses).toEqual([200, 200, 200])
    await Promise.all([one.app.jobs.customerChecksChanged(), two.app.jobs.customerChecksChanged()])
    // A run that found an order held by the other leaves it to that one; a last run finds nothing left to do.
    await one.app.jobs.customerChecksChanged()

    const ids = await Promise.all(paid.map(async ({ reference }) => (await storedOrder(one, reference)).id))
    for (const id of ids) {
      const [order] = await one.db.select().from(orders).where(eq(orders.id, id))
      expect(order?.status).toBe('refunded')
    }
    const owed = await one.db.select().from(refunds).where(inArray(refunds.orderId, ids))
    expect(owed).toHaveLength(2)
    for (const refund of owed)
      expect(refund).toMatchObject({
        amount: '250.00',
        currency: 'eur',
        toIban: 'CH9300762011623852957',
        createdBy: 'system',
        reason: 'the identity check before payout was refused',
      })
    expect(await mailsOf(customer.email, 'order_refunded')).toHaveLength(2)
    expect(await mailsOf(customer.email, 'identity_rejected')).toHaveLength(1)
  })

  it('blocks starting and paying orders in both processes, and money that still arrives goes back at once', async () => {
    const customer = await customerInReview()
    const { reference } = (await initiateBuy(one, customer.token)).body.data
    expect(await deliverIdentity(two, rejection(customer.applicantId, customer.checkId))).toBe(200)

    const tries = await Promise.all(
      [one, two].flatMap((t) => [
        initiateBuy(t, customer.token),
        callUser(t.app, 'orderStartCard', customer.token, { orderReference: reference, pspId: 'sandbox-card' }),
        callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' }),
        callUser(t.app, 'orderGetViban', customer.token),
      ]),
    )
    for (const answer of tries) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ result: false, error: 'step_required', step: 'identity' })
    }
    const order = await storedOrder(one, reference)
    expect(await one.db.select().from(orders).where(eq(orders.customerId, customer.customerId))).toHaveLength(1)
    expect(await one.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([])

    // A transfer naming the order comes all the same (its reference was copied earlier): it is not held for a check
    // that can never pass, but refunded in the transaction of the settlement run.
    const body = JSON.stringify({
      eventId: `evt_${randomBytes(4).toString('hex')}`,
      type: 'transfer.received',
      data: {
        transferId: `trf_${randomBytes(6).toString('hex')}`,
        amount: '250.00',
        currency: 'eur',
        payerName: 'Ada Lovelace',
        payerIban: 'GB33BUKB20201555555555',
        paymentReference: reference,
        creditedIban: 'CH5604835012345678009',
        receivedAt: one.clock.now().toISOString(),
      },
    })
    const signature = signNotice(Buffer.from(BANK_SECRET), body, Math.floor(one.clock.now().getTime() / 1000))
    const answer = await one.app.inject({
      method: 'POST',
      url: '/v1/webhooks/bank-partner',
      headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signature },
      payload: body,
    })
    expect(answer.json()).toMatchObject({ result: true, outcome: 'matched' })
    expect((await storedOrder(one, reference)).status).toBe('refunded')
    expect(
      await one.db
        .select({ toIban: refunds.toIban, amount: refunds.amount })
        .from(refunds)
        .where(and(eq(refunds.orderId, order.id))),
    ).toEqual([{ toIban: 'GB33BUKB20201555555555', amount: '250.00' }])
    expect(await mailsOf(customer.email, 'order_refunded')).toHaveLength(1)
  })
})
