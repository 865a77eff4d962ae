import { and, eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { identityChecks, identityEvents } from '../src/db/tables/modules/identity'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orderEvents } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import {
  SANDBOX_IDV_SIGNATURE_HEADER,
  type SandboxIdvNotice,
} from '../src/providers/identity/sandbox-identity.provider'
import { signNotice } from '../src/providers/signed-notice'
import {
  BRAND,
  buildTestApp,
  callUser,
  mailTo,
  multipart,
  signUpVerified,
  storedOrder,
  type TestApp,
  useTestApp,
  verifyIdentity,
  useOperatorSession,
  paidAndInReview as paidInReview,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const IDV_SECRET = 'idv-test-secret-0123456789'
const ENV = {
  IDV_WEBHOOK_SECRET: IDV_SECRET,
  BANK_WEBHOOK_SECRET: SECRET,
  PUBLIC_URL: 'https://exchange.example',
  JWT_SECRET: 'operator-review-test-secret-0123456789-abcdef',
}
const t = useTestApp({ env: ENV })
/** Reviews are compliance's (decision 127). */
const compliance: Record<string, string> = useOperatorSession(t, ['compliance'], 'ops.anna').headers
const basic = () => compliance

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(300),
])

/** A JSON action, as a script sends it. */
const act = (action: string, payload: object, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: `/operator/actions/${action}`,
    headers: { ...basic(), 'content-type': 'application/json' },
    payload,
  })

/** A form action, as the operator page's browser sends it (or another site's page, with other headers). */
const form = (action: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/operator/actions/${action}`,
    headers: {
      ...basic(),
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

async function checkOf(customerId: string) {
  const [check] = await t.db.select().from(identityChecks).where(eq(identityChecks.customerId, customerId))
  return check
}

async function actionsFor(customerId: string) {
  return t.db
    .select()
    .from(operatorActions)
    .where(sql`${operatorActions.detail}->>'customerId' = ${customerId}`)
    .orderBy(operatorActions.id)
}

async function mailsOf(email: string, template: string) {
  return (await mailTo(t.db, email)).filter((mail) => mail.template === template)
}

/** A genuine notice of the sandbox identity provider, signed with its secret, as it sends one. */
async function providerNotice(
  applicantId: string,
  externalUserId: string,
  outcome: SandboxIdvNotice['data']['outcome'],
) {
  const body = JSON.stringify({
    id: `evt_idv_${randomBytes(6).toString('hex')}`,
    type: 'applicant.reviewed',
    createdAt: t.clock.now().toISOString(),
    data: { applicantId, externalUserId, outcome, reasons: ['SELFIE_MISMATCH'] },
  } satisfies SandboxIdvNotice)
  return t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_IDV_SIGNATURE_HEADER]: signNotice(
        Buffer.from(IDV_SECRET),
        body,
        Math.floor(t.clock.now().getTime() / 1000),
      ),
    },
    payload: body,
  })
}

async function uploadPng(token: string, purpose = 'identity_document') {
  const { payload, contentType } = multipart([
    { name: 'brandName', value: BRAND },
    { name: 'purpose', value: purpose },
    { name: 'file', value: PNG, fileName: 'passport.png', type: 'image/png' },
  ])
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/user/uploadFile',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  })
  expect(answer.json()).toMatchObject({ result: true })
  return (answer.json() as { data: { id: string } }).data.id
}

/** `paidAndInReview` of the test support, with the check and the order as this file expects them. */
async function paidAndInReview() {
  const { customer, reference } = await paidInReview(t, SECRET)
  await t.app.jobs.customerChecksChanged()
  const customerId = await customerIdOf(customer.email)
  expect((await checkOf(customerId))?.status).toBe('review')
  expect(await storedOrder(t, reference)).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'identity' })
  return { customer, customerId, reference }
}

describe('customers under review on the operator page', () => {
  it('lists a customer whose identity check waits for a person, with what waits, since when, and their files', async () => {
    const { customer, customerId, reference } = await paidAndInReview()
    const documentId = await uploadPng(customer.token)
    const page = await t.app.inject({ method: 'GET', url: '/operator', headers: basic() })
    expect(page.statusCode).toBe(200)
    const section = page.body.slice(
      page.body.indexOf('<h2>Customers under review'),
      page.body.indexOf('<h2>Payments held'),
    )
    const row = section.slice(section.indexOf(customer.email) - 200, section.indexOf(`value="${customerId}"`) + 2000)
    expect(row).toContain(customer.email)
    expect(row).toContain('Identity check in manual review (review)')
    expect(row).toContain(`Payout <code>${reference}</code> held for identity since`)
    expect(row).toContain(`href="/operator/documents/${documentId}"`)
    expect(row).toContain('passport.png</a> · Identity document · image/png · ')
    expect(row).toContain('action="/operator/actions/approve-identity"')
    expect(row).toContain('action="/operator/actions/reject-identity"')
    // A verified customer with nothing waiting is not listed.
    const other = await signUpVerified(t)
    await verifyIdentity(t, other.token)
    const again = await t.app.inject({ method: 'GET', url: '/operator', headers: basic() })
    expect(again.body).toContain(customer.email)
    expect(again.body).not.toContain(other.email)
  })
})

describe('an operator decides an identity check in manual review', () => {
  it('approve: the check is verified, the held payout is delivered exactly once, logged, and the customer is mailed', async () => {
    const { customer, customerId, reference } = await paidAndInReview()
    const approved = await act('approve-identity', { customerId })
    expect(approved.json()).toEqual({ result: true, decision: 'approved' })
    expect(await checkOf(customerId)).toMatchObject({ status: 'approved', decidedBy: 'ops.anna' })
    const [event] = await t.db
      .select()
      .from(identityEvents)
      .where(
        and(eq(identityEvents.checkId, (await checkOf(customerId))!.id), eq(identityEvents.type, 'operator_decision')),
      )
    expect(event).toMatchObject({ fromStatus: 'review', toStatus: 'approved', detail: { operator: 'ops.anna' } })
    expect(await actionsFor(customerId)).toMatchObject([
      { operator: 'ops.anna', action: 'identity_approved', detail: { customerId } },
    ])
    const [mail] = await mailsOf(customer.email, 'identity_approved')
    expect(mail?.subject).toBe('Your identity is verified at Helvex')

    // The payout goes ahead through the job queued with the decision, once however often the job runs.
    await t.app.jobs.customerChecksChanged()
    await t.app.jobs.customerChecksChanged()
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('completed')
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
    expect(await mailsOf(customer.email, 'order_completed')).toHaveLength(1)

    // A second approval finds nothing to decide and changes nothing.
    const twice = await act('approve-identity', { customerId })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toEqual({ result: false, error: 'identity_not_in_review' })
    expect(await actionsFor(customerId)).toHaveLength(1)
    expect(await mailsOf(customer.email, 'identity_approved')).toHaveLength(1)
  })

  it('reject: needs a reason; then final, the held payment refunded, the reason mailed and logged', async () => {
    const { customer, customerId, reference } = await paidAndInReview()
    for (const reason of [undefined, '', '  x ']) {
      const refused = await act('reject-identity', { customerId, ...(reason !== undefined && { reason }) })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ result: false, error: 'validation_failed' })
    }
    // From the page, the operator reads why.
    const fromPage = await form('reject-identity', { customerId, reason: '' })
    expect(fromPage.statusCode).toBe(400)
    expect(fromPage.body).toContain('Not done: a field is missing or not valid')
    expect((await checkOf(customerId))?.status).toBe('review')
    expect(await actionsFor(customerId)).toEqual([])

    const rejected = await form('reject-identity', { customerId, reason: 'The document is not genuine.' })
    expect(rejected.statusCode).toBe(303)
    expect(rejected.headers.location).toBe(
      `/operator?done=${encodeURIComponent('Identity rejected; held payments are refunded')}`,
    )
    expect(await checkOf(customerId)).toMatchObject({ status: 'rejected', decidedBy: 'ops.anna' })
    expect(await actionsFor(customerId)).toMatchObject([
      { action: 'identity_rejected', detail: { customerId, reason: 'The document is not genuine.' } },
    ])
    const [mail] = await mailsOf(customer.email, 'identity_rejected')
    expect(mail?.text).toContain('We could not verify your identity. The reason: The document is not genuine.')
    const status = await callUser(t.app, 'identityStatus', customer.token)
    expect(status.body.data).toMatchObject({ status: 'rejected', message: 'The document is not genuine.' })

    await t.app.jobs.customerChecksChanged()
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('refunded')
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      { amount: '250.00', currency: 'eur', toIban: 'CH9300762011623852957', status: 'pending', createdBy: 'system' },
    ])
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toEqual([])
    expect(await mailsOf(customer.email, 'order_refunded')).toHaveLength(1)
  })

  it('a provider notice after the decision is kept in the trail and does not undo it', async () => {
    const { customer, customerId, reference } = await paidAndInReview()
    expect((await act('approve-identity', { customerId, reason: 'Passport checked by hand' })).statusCode).toBe(200)
    const check = (await checkOf(customerId))!
    expect(check).toMatchObject({ status: 'approved', decidedBy: 'ops.anna' })
    // The provider's own reviewer finishes later and rejects: a newer, genuine notice.
    t.clock.advance(60_000)
    const late = await providerNotice(check.applicantId!, check.id, 'rejected')
    expect(late.json()).toMatchObject({ result: true })
    expect(await checkOf(customerId)).toMatchObject({ status: 'approved', decidedBy: 'ops.anna' })
    const types = (
      await t.db.select({ type: identityEvents.type }).from(identityEvents).where(eq(identityEvents.checkId, check.id))
    ).map((event) => event.type)
    expect(types).toContain('notice_after_operator')
    expect(await mailsOf(customer.email, 'identity_rejected')).toEqual([])
    await t.app.jobs.customerChecksChanged()
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('an unknown customer, or one whose check is not in review, is refused with a clear error and nothing changes', async () => {
    const unknown = await act('approve-identity', { customerId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ result: false, error: 'customer_not_found' })

    const verified = await signUpVerified(t)
    await verifyIdentity(t, verified.token)
    const verifiedId = await customerIdOf(verified.email)
    const notInReview = await act('reject-identity', { customerId: verifiedId, reason: 'No reason at all' })
    expect(notInReview.statusCode).toBe(409)
    expect(notInReview.json()).toEqual({ result: false, error: 'identity_not_in_review' })
    expect((await checkOf(verifiedId))?.status).toBe('approved')

    const neverStarted = await signUpVerified(t)
    const neverId = await customerIdOf(neverStarted.email)
    const page = await form('approve-identity', { customerId: neverId })
    expect(page.statusCode).toBe(409)
    expect(page.body).toContain('Not done: the identity check of this customer is not waiting for a person')
    expect(await checkOf(neverId)).toBeUndefined()
    expect([...(await actionsFor(verifiedId)), ...(await actionsFor(neverId))]).toEqual([])
    expect((await act('approve-identity', { customerId: 'not-a-uuid' })).statusCode).toBe(400)
  })

  it('takes the action only with operator credentials and from the operator page’s own host', async () => {
    const { customerId } = await paidAndInReview()
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/operator/actions/approve-identity',
      headers: { 'content-type': 'application/json' },
      payload: { customerId },
    })
    expect(anonymous.statusCode).toBe(401)
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    ]) {
      const site = headers['sec-fetch-site'] ? headers : { origin: headers.origin }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/operator/actions/approve-identity',
        headers: { ...basic(), 'content-type': 'application/x-www-form-urlencoded', ...site },
        payload: `customerId=${customerId}`,
      })
      expect(refused.statusCode).toBe(403)
    }
    expect((await checkOf(customerId))?.status).toBe('review')
    expect(await actionsFor(customerId)).toEqual([])
    expect((await form('approve-identity', { customerId })).statusCode).toBe(303)
    expect((await checkOf(customerId))?.status).toBe('approved')
  })
})

describe("an operator downloads a reviewed customer's documents", () => {
  const get = (id: string, query = '', headers: Record<string, string> = basic()) =>
    t.app.inject({ method: 'GET', url: `/operator/documents/${id}${query}`, headers })

  it('gives the very bytes back as an attachment, and logs who opened which file', async () => {
    const { customer, customerId } = await paidAndInReview()
    const documentId = await uploadPng(customer.token)
    const file = await get(documentId, '', { ...basic(), 'sec-fetch-site': 'same-origin' })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PNG)).toBe(true)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="passport.png"/)
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['cache-control']).toBe('private, no-store')
    expect(await actionsFor(customerId)).toMatchObject([
      {
        operator: 'ops.anna',
        action: 'document_downloaded',
        // The trail's own columns name the customer (decision 133); no reason is asked while under review.
        customerId,
        reason: null,
        detail: { customerId, documentId, fileName: 'passport.png', underReview: true },
      },
    ])
  })

  it('refuses a file of a customer not under review unless a reason is given, and logs the reason', async () => {
    const customer = await signUpVerified(t)
    const customerId = await customerIdOf(customer.email)
    const documentId = await uploadPng(customer.token, 'proof_of_address')
    const refused = await get(documentId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ result: false, error: 'customer_not_under_review' })
    expect((await get(documentId, '?reason=short')).statusCode).toBe(400)
    expect(await actionsFor(customerId)).toEqual([])
    // The page does not offer their files.
    const page = await t.app.inject({ method: 'GET', url: '/operator', headers: basic() })
    expect(page.body).not.toContain(documentId)

    const withReason = await get(documentId, `?reason=${encodeURIComponent('Request of the regulator, ref. 2026-114')}`)
    expect(withReason.statusCode).toBe(200)
    expect(withReason.rawPayload.equals(PNG)).toBe(true)
    expect(await actionsFor(customerId)).toMatchObject([
      {
        action: 'document_downloaded',
        customerId,
        reason: 'Request of the regulator, ref. 2026-114',
        detail: { documentId, underReview: false, reason: 'Request of the regulator, ref. 2026-114' },
      },
    ])
  })

  it('answers 401 without operator credentials, 403 to another site’s page, 404 for an unknown file; nothing logged', async () => {
    const { customer, customerId } = await paidAndInReview()
    const documentId = await uploadPng(customer.token)
    expect((await get(documentId, '', {})).statusCode).toBe(401)
    expect((await get(documentId, '', { authorization: `Bearer ${customer.token}` })).statusCode).toBe(401)
    expect((await get(documentId, '', { ...basic(), 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await get('nope')).statusCode).toBe(404)
    expect(await actionsFor(customerId)).toEqual([])
  })
})

describe('two processes at once', () => {
  it('two approvals of the same check at once: one wins, the payout is delivered once', async () => {
    const { customer, customerId, reference } = await paidAndInReview()
    const second = await buildTestApp({ sameDatabaseAs: t, env: ENV })
    try {
      const answers = await Promise.all([
        act('approve-identity', { customerId }),
        act('approve-identity', { customerId }, second),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      await Promise.all([t.app.jobs.customerChecksChanged(), second.app.jobs.customerChecksChanged()])
      await t.app.jobs.customerChecksChanged()
      const order = await storedOrder(t, reference)
      expect(order.status).toBe('completed')
      expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
      const completions = await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'completed')))
      expect(completions).toHaveLength(1)
      expect(await actionsFor(customerId)).toHaveLength(1)
      expect(await mailsOf(customer.email, 'identity_approved')).toHaveLength(1)
      expect(await mailsOf(customer.email, 'order_completed')).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})
