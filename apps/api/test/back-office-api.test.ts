import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CustomerFileSchema,
  OperatorMeSchema,
  OrderFileSchema,
  QUEUE_KINDS,
  QueuesSchema,
  SearchResultsSchema,
  TrailSchema,
} from '@exchange/shared/back-office.schemas'
import { customers } from '../src/db/tables/modules/customers'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import type { LiquidityProvider } from '../src/providers/liquidity/liquidity.provider'
import {
  ADA_DETAILS,
  BTC_WALLET,
  buildTestApp,
  callUser,
  declareSourceOfFunds,
  operatorPost,
  operatorSession,
  paidAndInReview,
  signUpVerified,
  useTestApp,
  wireOrderPaid,
} from './support'
import { useOperatorSession } from './support/operators'

const SECRET = 'test-bank-webhook-secret-0123456789'
const ENV = {
  BANK_WEBHOOK_SECRET: SECRET,
  JWT_SECRET: 'back-office-api-test-secret-0123456789-abcdef',
  FOUR_EYES_REFUND_ABOVE: '1000',
}
const t = useTestApp({ env: ENV })
const compliance = useOperatorSession(t, ['compliance'], 'ops.clara')
const support = useOperatorSession(t, ['support'], 'ops.sam')
const finance = useOperatorSession(t, ['finance'], 'ops.fred')
const admin = useOperatorSession(t, ['admin'], 'ops.ada')

/** The payer IBAN of the sandbox bank's notices (test/support/orders.ts). */
const PAYER_IBAN = 'CH9300762011623852957'

const get = (url: string, headers: { cookie: string }) => t.app.inject({ method: 'GET', url, headers })

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

const trailRows = () => t.db.select({ n: count() }).from(operatorActions)

/** The newest rows of the trail, newest first. */
const newestRows = (limit = 1) => t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(limit)

/** A customer who paid a wire order and whose identity check waits for a person; another with a held payment, refunded. */
const fixture = {
  reviewed: { id: '', email: '', reference: '' },
  named: { id: '', email: '' },
  heldReference: '',
  heldCustomerId: '',
}
beforeAll(async () => {
  const { customer, reference } = await paidAndInReview(t, SECRET)
  await t.app.jobs.customerChecksChanged()
  const ticket = await callUser(t.app, 'openTicket', customer.token, {
    topic: 'payment',
    message: 'Where is my bitcoin?',
  })
  expect(ticket.body.result).toBe(true)
  fixture.reviewed = { id: await customerIdOf(customer.email), email: customer.email, reference }

  const held = await wireOrderPaid(t, SECRET, 'Somebody Else')
  fixture.heldReference = held.reference
  fixture.heldCustomerId = await customerIdOf(held.customer.email)
  const [transfer] = await t.db
    .select({ id: incomingTransfers.id })
    .from(incomingTransfers)
    .where(eq(incomingTransfers.payerName, 'Somebody Else'))
  const refunded = await operatorPost(
    t,
    '/operator/actions/refund-transfer',
    { transferId: transfer!.id, reason: 'The payer is not the customer' },
    finance.headers,
  )
  expect(refunded.statusCode, refunded.body).toBe(200)

  const named = await signUpVerified(t)
  await callUser(t.app, 'saveClientDetails', named.token, { ...ADA_DETAILS, lastName: 'Quimbleworth' })
  fixture.named = { id: await customerIdOf(named.email), email: named.email }
})

describe('the queues (decision 133)', () => {
  it('shows each role only its queues: compliance the identity review with its count and oldest wait', async () => {
    const answer = await get('/operator/api/queues', compliance.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const { queues } = QueuesSchema.parse(answer.json())
    // Every queue but finance's, support's and admin's, in the contract's order.
    const others = ['refunds', 'withdrawals', 'tickets', 'partner_deliveries']
    expect(queues.map((queue) => queue.kind)).toEqual(QUEUE_KINDS.filter((kind) => !others.includes(kind)))
    const reviews = queues.find((queue) => queue.kind === 'identity_reviews')!
    expect(reviews.count).toBe(1)
    expect(reviews.items).toHaveLength(1)
    expect(reviews.items[0]).toMatchObject({ id: fixture.reviewed.id, customerId: fixture.reviewed.id })
    expect(reviews.items[0]!.title).toBe(fixture.reviewed.email)
    expect(reviews.oldestSince).toBe(reviews.items[0]!.since)
    const payouts = queues.find((queue) => queue.kind === 'held_payouts')!
    expect(payouts).toMatchObject({ count: 1 })
    expect(payouts.items[0]).toMatchObject({
      orderReference: fixture.reviewed.reference,
      amount: { value: '250.00', currency: 'EUR' },
    })
  })

  it('shows support the tickets and not the identity review; finance the refund to send; admin the partner deliveries', async () => {
    const supportQueues = QueuesSchema.parse((await get('/operator/api/queues', support.headers)).json()).queues
    expect(supportQueues.map((queue) => queue.kind)).toEqual(['tickets'])
    expect(supportQueues[0]).toMatchObject({ count: 1 })
    expect(supportQueues[0]!.items[0]).toMatchObject({
      customerId: fixture.reviewed.id,
      ticketNumber: expect.any(Number),
    })

    const financeQueues = QueuesSchema.parse((await get('/operator/api/queues', finance.headers)).json()).queues
    expect(financeQueues.map((queue) => queue.kind)).toEqual(['four_eyes', 'refunds', 'withdrawals'])
    const refunds = financeQueues.find((queue) => queue.kind === 'refunds')!
    expect(refunds.count).toBe(1)
    expect(refunds.items[0]).toMatchObject({
      amount: { value: '250.00', currency: 'EUR' },
      orderReference: fixture.heldReference,
    })
    expect(refunds.items[0]!.detail).toContain('The payer is not the customer')

    const adminQueues = QueuesSchema.parse((await get('/operator/api/queues', admin.headers)).json()).queues
    expect(adminQueues).toEqual([{ kind: 'partner_deliveries', count: 0, oldestSince: null, items: [] }])
  })

  it('tells the app who is signed in', async () => {
    const me = OperatorMeSchema.parse((await get('/operator/api/me', finance.headers)).json())
    expect(me).toEqual({ loginName: 'ops.fred', roles: ['finance'] })
    expect((await t.app.inject({ method: 'GET', url: '/operator/api/me' })).statusCode).toBe(401)
  })
})

describe('the search (decision 133)', () => {
  const search = async (q: string) => {
    const answer = await get(`/operator/api/search?q=${encodeURIComponent(q)}`, support.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    return SearchResultsSchema.parse(answer.json())
  }

  it('finds a customer by any part of the e-mail, any case, and logs what was looked for', async () => {
    const part = fixture.reviewed.email.split('@')[0]!.slice(2).toUpperCase()
    const found = await search(part)
    expect(found.customers).toContainEqual({
      id: fixture.reviewed.id,
      email: fixture.reviewed.email,
      name: 'Ada Lovelace',
      matched: 'email',
    })
    const [row] = await newestRows()
    expect(row).toMatchObject({ operator: 'ops.sam', action: 'searched', detail: { query: part } })
  })

  it('finds by name, by the payer IBAN written with spaces in lower case, by wallet, and orders by reference', async () => {
    expect((await search('quimble')).customers).toEqual([
      { id: fixture.named.id, email: fixture.named.email, name: 'Ada Quimbleworth', matched: 'name' },
    ])
    const iban = PAYER_IBAN.toLowerCase().replace(/(.{4})/g, '$1 ')
    expect((await search(iban)).customers).toContainEqual(
      expect.objectContaining({ id: fixture.reviewed.id, matched: 'iban' }),
    )
    expect((await search(BTC_WALLET)).customers).toContainEqual(
      expect.objectContaining({ id: fixture.reviewed.id, matched: 'wallet' }),
    )
    expect((await search(BTC_WALLET.slice(0, -1))).customers).toEqual([])
    const byReference = await search(fixture.reviewed.reference.slice(1).toLowerCase())
    expect(byReference.orders).toEqual([
      expect.objectContaining({
        reference: fixture.reviewed.reference,
        customerId: fixture.reviewed.id,
        fiatAmount: { value: '250.00', currency: 'EUR' },
      }),
    ])
  })

  it('refuses a query under 3 characters, logging nothing, and is not open to admins', async () => {
    const before = await trailRows()
    for (const q of ['ab', 'abc%00', '%20%20ab%20'].map((text) => `/operator/api/search?q=${text}`)) {
      const refused = await get(q, support.headers)
      expect(refused.statusCode, q).toBe(400)
      expect(refused.json()).toEqual({ result: false, error: 'validation_failed' })
    }
    expect(await trailRows()).toEqual(before)
    expect((await get('/operator/api/search?q=ada', admin.headers)).statusCode).toBe(403)
  })
})

describe("a customer's and an order's file (decision 133)", () => {
  it("shows the customer's file and logs the view with the operator, the reason and the customer", async () => {
    const answer = await get(
      `/operator/api/customers/${fixture.reviewed.id}?reason=${encodeURIComponent('Ticket about a late payout')}`,
      compliance.headers,
    )
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const file = CustomerFileSchema.parse(answer.json())
    expect(file.customer).toMatchObject({
      id: fixture.reviewed.id,
      email: fixture.reviewed.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      city: ADA_DETAILS.city,
      emailVerified: true,
      closed: false,
    })
    expect(file.identityReview).toMatchObject({ status: 'review', declaredName: 'Ada Lovelace' })
    expect(file.journey).toContainEqual({ step: 'identity', state: 'in_review', since: null })
    expect(file.journey).toContainEqual({ step: 'agreement', state: 'done', since: null })
    expect(file.orders).toEqual([
      expect.objectContaining({ reference: fixture.reviewed.reference, status: 'awaiting_checks' }),
    ])
    expect(file.tickets).toEqual([expect.objectContaining({ subject: 'payment', status: expect.any(String) })])
    expect(file.trail[0]).toMatchObject({
      operator: 'ops.clara',
      action: 'viewed_customer',
      reason: 'Ticket about a late payout',
      customerId: fixture.reviewed.id,
    })
    const [row] = await newestRows()
    expect(row).toMatchObject({
      operator: 'ops.clara',
      operatorId: compliance.id,
      action: 'viewed_customer',
      reason: 'Ticket about a late payout',
      customerId: fixture.reviewed.id,
    })
  })

  it('refuses a view without a reason or with a short one (400, nothing stored), an unknown customer (404)', async () => {
    const before = await trailRows()
    for (const query of [
      '',
      '?reason=',
      '?reason=ab',
      '?reason=%20ab%20',
      '?reason=abc%00',
      `?reason=${'x'.repeat(201)}`,
    ]) {
      const answer = await get(`/operator/api/customers/${fixture.reviewed.id}${query}`, support.headers)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json(), query).toEqual({ result: false, error: 'validation_failed' })
      expect(answer.body).not.toContain(fixture.reviewed.email)
    }
    const orderWithout = await get(`/operator/api/orders/${fixture.reviewed.reference}`, support.headers)
    expect(orderWithout.statusCode).toBe(400)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-customer']) {
      const unknown = await get(`/operator/api/customers/${id}?reason=looking+around`, support.headers)
      expect(unknown.statusCode, id).toBe(404)
      expect(unknown.json()).toEqual({ result: false, error: 'not_found' })
    }
    const unknownOrder = await get('/operator/api/orders/NOSUCHORDER1?reason=looking+around', support.headers)
    expect(unknownOrder.statusCode).toBe(404)
    expect(await trailRows()).toEqual(before)
    expect((await get(`/operator/api/customers/${fixture.reviewed.id}?reason=curious`, admin.headers)).statusCode).toBe(
      403,
    )
  })

  it("shows the order's file, its payment and timeline, and logs the view with the order's customer", async () => {
    const answer = await get(
      `/operator/api/orders/${fixture.reviewed.reference}?reason=${encodeURIComponent('Customer asked by phone')}`,
      finance.headers,
    )
    expect(answer.statusCode, answer.body).toBe(200)
    const file = OrderFileSchema.parse(answer.json())
    expect(file.order).toMatchObject({
      reference: fixture.reviewed.reference,
      customerId: fixture.reviewed.id,
      email: fixture.reviewed.email,
      status: 'awaiting_checks',
      wallet: BTC_WALLET,
      payoutWaitsFor: 'identity',
      fiatAmount: { value: '250.00', currency: 'EUR' },
    })
    // The way the customer chose to pay, and the bank transfer that came for it, with its payer.
    expect(file.payments).toEqual([
      expect.objectContaining({ method: 'wire', status: 'succeeded', payerIban: null, held: false }),
      expect.objectContaining({
        method: 'bank_transfer',
        status: 'matched',
        payerName: 'Ada Lovelace',
        payerIban: PAYER_IBAN,
        amount: { value: '250.00', currency: 'EUR' },
        held: false,
      }),
    ])
    expect(file.timeline.map((line) => line.event)).toContain('paid → awaiting_checks')
    expect(file.timeline.at(-1)).toMatchObject({ event: 'ops.fred: viewed_order', detail: 'Customer asked by phone' })
    expect(file.payout).toBeNull()
    const [row] = await newestRows()
    expect(row).toMatchObject({
      operator: 'ops.fred',
      action: 'viewed_order',
      reason: 'Customer asked by phone',
      customerId: fixture.reviewed.id,
    })
    expect(row!.orderId).toEqual(expect.any(String))
  })
})

describe('the trail and the export (decision 133)', () => {
  it("answers a customer's trail and an order's trail, newest first, without logging a view", async () => {
    const before = await trailRows()
    const byCustomer = TrailSchema.parse(
      (await get(`/operator/api/trail?customerId=${fixture.reviewed.id}`, admin.headers)).json(),
    )
    const actions = byCustomer.entries.map((entry) => entry.action)
    expect(actions).toEqual(expect.arrayContaining(['viewed_customer', 'viewed_order']))
    expect(byCustomer.entries.every((entry) => entry.customerId === fixture.reviewed.id)).toBe(true)
    expect(byCustomer.entries.map((entry) => entry.id)).toEqual(
      [...byCustomer.entries.map((entry) => entry.id)].sort((a, b) => b - a),
    )
    const byOrder = TrailSchema.parse(
      (await get(`/operator/api/trail?orderReference=${fixture.heldReference}`, finance.headers)).json(),
    )
    expect(byOrder.entries).toEqual([
      expect.objectContaining({
        action: 'refund_transfer',
        operator: 'ops.fred',
        reason: 'The payer is not the customer',
        orderReference: fixture.heldReference,
      }),
    ])
    expect(await trailRows()).toEqual(before)
  })

  it('asks for exactly one of the customer and the order, and knows them', async () => {
    const both = `/operator/api/trail?customerId=${fixture.reviewed.id}&orderReference=${fixture.heldReference}`
    for (const url of ['/operator/api/trail', both, '/operator/api/trail?customerId=nope'])
      expect((await get(url, admin.headers)).statusCode, url).toBe(400)
    const unknown = await get('/operator/api/trail?orderReference=NOSUCHORDER1', admin.headers)
    expect(unknown.statusCode).toBe(404)
    expect((await get(`/operator/api/trail?customerId=${fixture.reviewed.id}`, support.headers)).statusCode).toBe(403)
  })

  it('exports a range of days as CSV, quoting commas, quotes and line breaks, and defusing a formula', async () => {
    const tricky = '=HYPERLINK("http://evil.example"), then\na second line'
    const view = await get(
      `/operator/api/customers/${fixture.named.id}?reason=${encodeURIComponent(tricky)}`,
      compliance.headers,
    )
    expect(view.statusCode, view.body).toBe(200)
    const today = t.clock.now().toISOString().slice(0, 10)
    const answer = await get(`/operator/api/audit.csv?from=${today}&to=${today}`, admin.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-/)
    const lines = answer.body.split('\r\n')
    expect(lines[0]).toBe('id,at,operator,action,reason,customer,order,detail')
    expect(answer.body).toContain(
      `,ops.clara,viewed_customer,"'=HYPERLINK(""http://evil.example""), then\na second line",${fixture.named.id},,`,
    )
    expect(answer.body).toContain(',ops.fred,refund_transfer,The payer is not the customer,')
    const [row] = await newestRows()
    expect(row).toMatchObject({ operator: 'ops.ada', action: 'exported_audit', detail: { from: today, to: today } })

    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10)
    const later = await get(`/operator/api/audit.csv?from=${tomorrow}&to=${tomorrow}`, compliance.headers)
    expect(later.body).toBe('id,at,operator,action,reason,customer,order,detail\r\n')
  })

  it('refuses a range over 366 days, backwards or not of dates (400), and finance and support', async () => {
    for (const query of [
      'from=2025-01-01&to=2026-01-03',
      'from=2026-02-02&to=2026-02-01',
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday&to=today',
      'from=2026-01-01',
    ]) {
      const answer = await get(`/operator/api/audit.csv?${query}`, admin.headers)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json()).toEqual({ result: false, error: 'validation_failed' })
    }
    expect((await get('/operator/api/audit.csv?from=2025-01-01&to=2026-01-01', admin.headers)).statusCode).toBe(200)
    for (const who of [finance, support])
      expect((await get('/operator/api/audit.csv?from=2026-01-01&to=2026-01-01', who.headers)).statusCode).toBe(403)
  })

  it("logs an order's action with the order's customer and the reason in their own columns", async () => {
    const [row] = await t.db.select().from(operatorActions).where(eq(operatorActions.action, 'refund_transfer'))
    expect(row).toMatchObject({
      operator: 'ops.fred',
      customerId: fixture.heldCustomerId,
      reason: 'The payer is not the customer',
      detail: { reason: 'The payer is not the customer' },
    })
  })
})

describe('the back office app (decision 133)', () => {
  it('sends a visitor without a session to the sign-in, and tells a signed-in operator when the app is not built', async () => {
    for (const url of ['/operator/app', '/operator/app?from=mail', '/operator/app/customers/x']) {
      const away = await t.app.inject({ method: 'GET', url })
      expect(away.statusCode, url).toBe(303)
      expect(away.headers.location).toBe('/operator/login')
    }
    const missing = await get('/operator/app', support.headers)
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toContain('text/plain')
    expect(missing.body).toContain('not built')
    const page = await t.app.inject({
      method: 'GET',
      url: '/operator',
      headers: { ...support.headers, accept: 'text/html' },
    })
    expect(page.body).toContain('<a href="/operator/app" style="color:#fff">Open the back office app</a>')
  })

  it("answers the web build's back-office.html at /operator/app and below it, not cached, to any role", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
    const html = '<!doctype html><title>Back office</title><div id="back-office"></div>'
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Helvex</title><div id="root"></div>')
    writeFileSync(join(dist, 'back-office.html'), html)
    const web = await buildTestApp({ env: { ...ENV, WEB_DIST_DIR: dist } })
    try {
      const ops = await operatorSession(web, ['admin'])
      for (const url of ['/operator/app', '/operator/app/', '/operator/app/customers/123?reason=x']) {
        const answer = await web.app.inject({ method: 'GET', url, headers: ops.headers })
        expect(answer.statusCode, url).toBe(200)
        expect(answer.body).toBe(html)
        expect(answer.headers['cache-control']).toBe('no-cache')
        expect(answer.headers['content-type']).toContain('text/html')
        expect(answer.headers['content-security-policy']).toContain("script-src 'self'")
      }
      const away = await web.app.inject({ method: 'GET', url: '/operator/app' })
      expect(away.headers.location).toBe('/operator/login')
      expect(away.body).not.toContain('back-office')
    } finally {
      await web.close()
    }
  })
})

describe('a held payment in the queues', () => {
  it('reads as the bank noted it, and its release, once asked, leads to the same order, customer and amount', async () => {
    const held = await wireOrderPaid(t, SECRET, 'Another Payer')
    const [transfer] = await t.db
      .select({ id: incomingTransfers.id })
      .from(incomingTransfers)
      .where(eq(incomingTransfers.payerName, 'Another Payer'))
    const queuesOf = async () =>
      QueuesSchema.parse((await get('/operator/api/queues', compliance.headers)).json()).queues
    const payments = (await queuesOf()).find((queue) => queue.kind === 'held_payments')!
    const payment = payments.items.find((item) => item.transferId === transfer!.id)!
    expect(payment.orderReference).toBe(held.reference)
    expect(payment.detail).toContain('Another Payer')
    expect(payment.detail).not.toMatch(/^held_/)

    const asked = await operatorPost(
      t,
      '/operator/actions/approve-transfer',
      { transferId: transfer!.id, reason: 'The payer is her husband' },
      compliance.headers,
    )
    expect(asked.statusCode, asked.body).toBe(200)
    const requests = (await queuesOf()).find((queue) => queue.kind === 'four_eyes')!
    expect(requests.items.find((item) => item.transferId === transfer!.id)).toMatchObject({
      title: expect.any(String),
      detail: 'The payer is her husband',
      requestedBy: 'ops.clara',
      orderReference: held.reference,
      customerId: await customerIdOf(held.customer.email),
      amount: payment.amount,
    })
  })
})

/** A liquidity provider that buys, and whose withdrawals never answer: their outcome is unknown. */
const silentWithdrawals: LiquidityProvider = {
  kind: 'sandbox',
  simulated: true,
  async buy(order) {
    return { providerOrderId: `LP-${order.reference}`, filledPrice: order.price, cryptoAmount: order.cryptoAmount }
  },
  async findBuy() {
    return { state: 'not_found' }
  },
  async withdraw() {
    throw new Error('ETIMEDOUT')
  },
}

describe('what waits for a decision in a file (decision 134)', () => {
  it("shows a customer's enhanced checks waiting as the queue does, asked to clear still waiting, and none once rejected", async () => {
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token, { politicallyExposed: true })
    const saved = await callUser(t.app, 'saveQuestionnaire', customer.token, {
      answers: {
        politicallyExposed: true,
        pepDetails: 'My father, member of the cantonal parliament of Zug since 2019',
        highRiskCountryTies: false,
        sourceOfWealth: 'employment',
        sourceOfWealthDetails: 'Salary as an engineer since 2010, savings of about CHF 200,000',
      },
    })
    expect(saved.body.result, JSON.stringify(saved.body)).toBe(true)
    const id = await customerIdOf(customer.email)
    const fileOf = async () => {
      const answer = await get(`/operator/api/customers/${id}?reason=Queue%3A+enhanced+checks`, compliance.headers)
      expect(answer.statusCode, answer.body).toBe(200)
      return CustomerFileSchema.parse(answer.json())
    }

    const waiting = await fileOf()
    const queue = QueuesSchema.parse((await get('/operator/api/queues', compliance.headers)).json()).queues.find(
      (each) => each.kind === 'enhanced_checks',
    )!
    expect(waiting.enhancedChecks).toEqual({ since: queue.items.find((item) => item.customerId === id)!.since })
    // Nothing backs a residence outside the UK here: no proof of address waits.
    expect(waiting.proofsOfAddress).toEqual([])

    const asked = await operatorPost(
      t,
      '/operator/actions/approve-enhanced-checks',
      { customerId: id, reason: 'Salary slips seen' },
      compliance.headers,
    )
    expect(asked.json()).toEqual({ result: true, decision: 'approved', requestId: expect.any(String) })
    expect((await fileOf()).enhancedChecks).toEqual(waiting.enhancedChecks)

    const rejected = await operatorPost(
      t,
      '/operator/actions/reject-enhanced-checks',
      { customerId: id, reason: 'Source of wealth not shown' },
      compliance.headers,
    )
    expect(rejected.json()).toEqual({ result: true, decision: 'rejected' })
    expect((await fileOf()).enhancedChecks).toBeNull()
    const other = await get(`/operator/api/customers/${fixture.reviewed.id}?reason=Queue%3A+reviews`, support.headers)
    expect(CustomerFileSchema.parse(other.json())).toMatchObject({ enhancedChecks: null, proofsOfAddress: [] })
  })

  it("says an order's withdrawal is unconfirmed while the exchange did not answer and no run holds it, not once recorded", async () => {
    const reviewed = await get(
      `/operator/api/orders/${fixture.reviewed.reference}?reason=Queue%3A+payouts`,
      finance.headers,
    )
    expect(OrderFileSchema.parse(reviewed.json()).order.withdrawalUnconfirmed).toBe(false)

    const exchange = await buildTestApp({ env: ENV, liquidityProvider: silentWithdrawals })
    try {
      const ops = await operatorSession(exchange, ['finance'])
      const { reference } = await wireOrderPaid(exchange, SECRET)
      const orderOf = async () => {
        const answer = await exchange.app.inject({
          method: 'GET',
          url: `/operator/api/orders/${reference}?reason=Queue%3A+withdrawals`,
          headers: ops.headers,
        })
        expect(answer.statusCode, answer.body).toBe(200)
        return OrderFileSchema.parse(answer.json()).order
      }
      expect(await orderOf()).toMatchObject({ status: 'processing', withdrawalUnconfirmed: true })
      const queues = QueuesSchema.parse(
        (await exchange.app.inject({ method: 'GET', url: '/operator/api/queues', headers: ops.headers })).json(),
      ).queues
      expect(queues.find((queue) => queue.kind === 'withdrawals')!.items.map((item) => item.orderReference)).toEqual([
        reference,
      ])

      // A run that holds the order answers for it: the operator does not.
      const until = new Date(exchange.clock.now().getTime() + 120_000)
      await exchange.db.update(orders).set({ settlementLeaseUntil: until }).where(eq(orders.reference, reference))
      expect((await orderOf()).withdrawalUnconfirmed).toBe(false)
      await exchange.db.update(orders).set({ settlementLeaseUntil: null }).where(eq(orders.reference, reference))

      const recorded = await operatorPost(
        exchange,
        '/operator/actions/record-delivery',
        { orderReference: reference, txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg' },
        ops.headers,
      )
      expect(recorded.json()).toEqual({ result: true, statusName: 'completed' })
      expect(await orderOf()).toMatchObject({ status: 'completed', withdrawalUnconfirmed: false })
    } finally {
      await exchange.close()
    }
  })
})
