import { createHmac, randomBytes } from 'node:crypto'
import { and, asc, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import { partnerWebhookAttempts, partnerWebhookEvents } from '../src/db/tables/modules/partner-webhooks'
import { partners } from '../src/db/tables/modules/partners'
import { setPayoutWaitsFor } from '../src/modules/orders/order-settlement'
import { applyTransition } from '../src/modules/orders/order-trail'
import { MAX_ATTEMPTS, RETRY_WAITS_SECONDS } from '../src/modules/partner-webhooks/delivery-schedule'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { SECRET_OVERLAP_HOURS } from '../src/modules/partners/signing-secrets'
import { callUser, initiateBuy, payableBuyer, useTestApp, useOperatorSession } from './support'
import { type Receiver, startReceiver, verifyNotice } from './support/webhook-receiver'

const DOCUMENTS_KEY = randomBytes(32).toString('base64')
// A try gets a third of the lease: 3 s, so that the slow endpoint's test waits little.
const t = useTestApp({
  env: { DOCUMENTS_ENCRYPTION_KEY: DOCUMENTS_KEY, PARTNER_WEBHOOK_LEASE_SECONDS: '9' },
})
/** The admin's browser posting the partner pages' forms (decision 127: partners are the admins'). */
const operator = useOperatorSession(t, ['admin'], 'ops.anna')
const operatorHeaders: Record<string, string> = Object.assign(operator.headers, {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
})

/** The registry on the app's database, with the key the app seals the partners' secrets under. */
const registry = () =>
  createPartnerService({
    db: t.db,
    clock: t.clock,
    production: false,
    secretsKey: createHmac('sha256', Buffer.from(DOCUMENTS_KEY, 'base64')).update('partner-signing-secrets').digest(),
  })

let receiver: Receiver
let customer: { token: string }
beforeAll(async () => {
  receiver = await startReceiver()
  customer = await payableBuyer(t)
})
afterAll(() => receiver?.close())

let partnerCount = 0
/** A partner whose notices go to the receiver at `/<slug>`, with its signing secret. */
async function newPartner(withAddress = true) {
  const slug = `hooks-${++partnerCount}`
  const partner = await registry().createPartner({
    slug,
    displayName: `Partner ${partnerCount}`,
    returnUrls: ['https://partner.example/back'],
    webhookUrl: withAddress ? receiver.url(`/${slug}`) : null,
  })
  const { secret } = await registry().rotateSigningSecret(partner.id)
  return { ...partner, path: `/${slug}`, secret }
}

/** An order of the test customer, stamped as a partner's (another part of the app does that when the order starts). */
async function partnerOrder(partnerId: string | null, partnerOrderId = `po-${randomBytes(3).toString('hex')}`) {
  // The tests move the clock by hours: prices as of now.
  await t.app.jobs.refreshRates()
  const { reference } = (await initiateBuy(t, customer.token)).body.data as { reference: string }
  const [order] = await t.db
    .update(orders)
    .set({ partnerId, partnerOrderId: partnerId ? partnerOrderId : null })
    .where(eq(orders.reference, reference))
    .returning()
  return order!
}

const move = async (reference: string, statusName: 'awaiting_payment' | 'cancelled') =>
  expect(
    (await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: reference, statusName })).body,
  ).toMatchObject({ result: true, statusName })

const eventsOf = (orderId: string) =>
  t.db
    .select()
    .from(partnerWebhookEvents)
    .where(eq(partnerWebhookEvents.orderId, orderId))
    .orderBy(asc(partnerWebhookEvents.seq))
const triesOf = (eventId: string) =>
  t.db
    .select()
    .from(partnerWebhookAttempts)
    .where(eq(partnerWebhookAttempts.eventId, eventId))
    .orderBy(asc(partnerWebhookAttempts.id))
/** One run of the delivery job, in this process; it must have run. */
const deliver = async () => expect(await t.app.jobs.runQueued('deliver-partner-webhooks')).toBe(1)
const idsAt = (path: string) => receiver.at(path).map((notice) => notice.headers['webhook-id'])

describe('notices of a partner order', () => {
  it('queues one notice per status change of a partner order, in its transaction; none for other orders', async () => {
    const partner = await newPartner()
    const order = await partnerOrder(partner.id, 'acme-42')
    const ordinary = await partnerOrder(null)
    const silent = await partnerOrder((await newPartner(false)).id)
    for (const each of [order, ordinary, silent]) await move(each.reference, 'awaiting_payment')

    const [event, ...more] = await eventsOf(order.id)
    expect(more).toHaveLength(0)
    expect(event).toMatchObject({ partnerId: partner.id, type: 'order.status_changed', attempts: 0, deliveredAt: null })
    expect(event!.payload).toEqual({
      reference: order.reference,
      partnerOrderId: 'acme-42',
      status: 'awaiting_payment',
      previousStatus: 'initiated',
      fiat: order.fiat,
      fiatAmount: order.fiatAmount,
      fee: order.fee,
      crypto: order.crypto,
      cryptoAmount: order.cryptoAmount,
      wallet: order.wallet,
      transactionId: null,
      payoutWaitsFor: null,
      payoutHeldUntil: null,
    })
    expect(await eventsOf(ordinary.id)).toHaveLength(0)
    expect(await eventsOf(silent.id)).toHaveLength(0)

    // A change that does not commit leaves no notice behind.
    const [waiting] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    await expect(
      t.db.transaction(async (tx) => {
        await applyTransition(
          { clock: t.clock },
          tx,
          waiting!,
          'cancelled',
          { kind: 'cancelled_by_customer' },
          'customer',
        )
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await eventsOf(order.id)).toHaveLength(1)
    await move(order.reference, 'cancelled')
    expect((await eventsOf(order.id)).map((each) => each.payload.status)).toEqual(['awaiting_payment', 'cancelled'])
  })

  it('signs each notice with every live secret: the partner verifies it with the old and the new during a rotation', async () => {
    const partner = await newPartner()
    const order = await partnerOrder(partner.id)
    await move(order.reference, 'awaiting_payment')
    await deliver()
    const [first] = receiver.at(partner.path)
    const [event] = await eventsOf(order.id)
    expect(first!.headers['webhook-id']).toBe(`msg_${event!.id}`)
    expect(first!.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now().getTime() / 1000)))
    expect(first!.headers['content-type']).toBe('application/json')
    expect(verifyNotice(partner.secret, first!)).toEqual({
      type: 'order.status_changed',
      timestamp: event!.createdAt.toISOString(),
      data: event!.payload,
    })
    expect(await triesOf(event!.id)).toMatchObject([{ attempt: 1, statusCode: 200, error: null, manual: false }])
    expect((await eventsOf(order.id))[0]!.deliveredAt).toEqual(t.clock.now())

    const { secret: next } = await registry().rotateSigningSecret(partner.id)
    await move(order.reference, 'cancelled')
    await deliver()
    const second = receiver.at(partner.path)[1]!
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(verifyNotice(next, second)).toMatchObject({
      data: { status: 'cancelled', previousStatus: 'awaiting_payment' },
    })
    expect(verifyNotice(partner.secret, second)).toMatchObject({ data: { status: 'cancelled' } })
    expect(() => verifyNotice(`whsec_${randomBytes(32).toString('base64')}`, second)).toThrow()
  })

  it('tries an endpoint that failed three times a fourth time, by the schedule, and keeps the order of an order', async () => {
    const partner = await newPartner()
    receiver.script(partner.path, [500, 502, 503])
    const order = await partnerOrder(partner.id)
    await move(order.reference, 'awaiting_payment')
    await move(order.reference, 'cancelled')
    const [first, second] = await eventsOf(order.id)

    await deliver()
    // The second notice of the order waits for the first.
    expect(idsAt(partner.path)).toEqual([`msg_${first!.id}`])
    for (const [index, wait] of RETRY_WAITS_SECONDS.slice(0, 3).entries()) {
      t.clock.advance(wait * 1000 - 1)
      await deliver()
      expect(receiver.at(partner.path)).toHaveLength(index + 1)
      t.clock.advance(1)
      await deliver()
    }
    expect(idsAt(partner.path)).toEqual([...Array(4).fill(`msg_${first!.id}`), `msg_${second!.id}`])
    expect((await triesOf(first!.id)).map((each) => each.statusCode)).toEqual([500, 502, 503, 200])
    expect(await eventsOf(order.id)).toMatchObject([
      { attempts: 4, deliveredAt: t.clock.now(), gaveUpAt: null },
      { attempts: 1, deliveredAt: t.clock.now() },
    ])
  })

  it('tells a payout that waits for a step, the step owed next, and the transaction id of the delivery', async () => {
    const partner = await newPartner()
    const order = await partnerOrder(partner.id)
    // The paid order as settlement holds it (the path of held payouts, without the money's way in).
    const [paid] = await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id)).returning()
    const service = { clock: t.clock }
    const waits = { kind: 'payout_waits', what: 'confirm your identity', link: '/identity' } as const
    await t.db.transaction(async (tx) => {
      const row = await setPayoutWaitsFor(service, tx, order.id, 'identity')
      await applyTransition(service, tx, row, 'awaiting_checks', waits, 'system')
    })
    await t.db.transaction(async (tx) => void (await setPayoutWaitsFor(service, tx, order.id, 'wallet')))
    const [held] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    await t.db.transaction(async (tx) => {
      const row = await applyTransition(service, tx, held!, 'paid', { kind: 'checks_done' }, 'system')
      const processing = await applyTransition(
        service,
        tx,
        row,
        'processing',
        { kind: 'bought', providerOrderId: 'lp-1' },
        'system',
      )
      const delivered = { kind: 'delivered', wallet: paid!.wallet, txId: 'tx-0abc', foundByOperator: false } as const
      await applyTransition(service, tx, processing, 'completed', delivered, 'system')
    })
    expect((await eventsOf(order.id)).map((event) => [event.type, event.payload])).toEqual([
      [
        'order.status_changed',
        expect.objectContaining({ status: 'awaiting_checks', previousStatus: 'paid', payoutWaitsFor: 'identity' }),
      ],
      ['order.checks_required', expect.objectContaining({ status: 'awaiting_checks', payoutWaitsFor: 'wallet' })],
      ['order.status_changed', expect.objectContaining({ status: 'paid', payoutWaitsFor: null, transactionId: null })],
      ['order.status_changed', expect.objectContaining({ status: 'processing' })],
      ['order.status_changed', expect.objectContaining({ status: 'completed', transactionId: 'tx-0abc' })],
    ])
  })

  it('turns notices off at 410 and holds the rest until an operator turns them on again', async () => {
    const partner = await newPartner()
    receiver.script(partner.path, [410])
    const [one, two] = [await partnerOrder(partner.id), await partnerOrder(partner.id)]
    await move(one.reference, 'awaiting_payment')
    await deliver()
    // Written after the 410: held (one already out when the 410 comes is not called back).
    await move(two.reference, 'awaiting_payment')
    const [gone] = await eventsOf(one.id)
    expect(gone).toMatchObject({ gaveUpAt: t.clock.now(), deliveredAt: null, leaseUntil: null })
    const [stored] = await t.db.select().from(partners).where(eq(partners.id, partner.id))
    expect(stored!.webhookDisabledAt).toEqual(t.clock.now())
    t.clock.advance(3600_000)
    await deliver()
    expect(idsAt(partner.path)).toEqual([`msg_${gone!.id}`])

    await operator.renew()
    const page = await t.app.inject({ url: `/operator/partners/${partner.id}/deliveries`, headers: operatorHeaders })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('answered 410')
    expect(page.body).toContain('Turn notices on again')
    const turnedOn = await t.app.inject({
      method: 'POST',
      url: `/operator/partners/${partner.id}/deliveries/enable`,
      headers: operatorHeaders,
      payload: '',
    })
    expect(turnedOn.statusCode).toBe(303)
    await deliver()
    const [held] = await eventsOf(two.id)
    expect(idsAt(partner.path)).toEqual([`msg_${gone!.id}`, `msg_${held!.id}`])
    expect(held!.deliveredAt).toEqual(t.clock.now())
    expect((await eventsOf(one.id))[0]).toMatchObject({ deliveredAt: null, gaveUpAt: gone!.gaveUpAt })
    const [logged] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(logged).toMatchObject({
      operator: 'ops.anna',
      action: 'partner_notices_turned_on',
      detail: { partnerId: partner.id },
    })

    // "Send again" delivers the notice given up at the 410: it counts as delivered.
    const again = await t.app.inject({
      method: 'POST',
      url: `/operator/partners/${partner.id}/deliveries/${gone!.id}/send-again`,
      headers: operatorHeaders,
      payload: '',
    })
    expect(again.headers.location).toContain(encodeURIComponent('Sent again: answered 200'))
    expect((await eventsOf(one.id))[0]).toMatchObject({ deliveredAt: t.clock.now(), gaveUpAt: null })
    expect((await triesOf(gone!.id)).map((each) => [each.statusCode, each.manual])).toEqual([
      [410, false],
      [200, true],
    ])
    const log = await t.app.inject({ url: `/operator/partners/${partner.id}/deliveries`, headers: operatorHeaders })
    expect(log.body).toContain('sent again by an operator')
    expect(log.body).not.toContain('Turn notices on again')
    await move(one.reference, 'cancelled')
    await move(two.reference, 'cancelled')
  })

  it('sends a test event through the queue, and a slow endpoint holds four of its own and no other partner', async () => {
    const [slow, quick] = [await newPartner(), await newPartner()]
    receiver.script(slow.path, Array(6).fill('hold'))
    for (let count = 0; count < 6; count += 1) {
      const queued = await t.app.inject({
        method: 'POST',
        url: `/operator/partners/${slow.id}/deliveries/test`,
        headers: operatorHeaders,
        payload: '',
      })
      expect(queued.statusCode).toBe(303)
    }
    const order = await partnerOrder(quick.id)
    await move(order.reference, 'awaiting_payment')
    receiver.resetCounts()
    const run = deliver()
    await expect.poll(() => receiver.heldAt(slow.path), { timeout: 2500 }).toBe(4)
    // The other partner's notice is delivered while the slow partner's four still hang.
    await expect.poll(() => receiver.at(quick.path).length, { timeout: 2500 }).toBe(1)
    await expect.poll(async () => (await eventsOf(order.id))[0]!.deliveredAt, { timeout: 2500 }).not.toBeNull()
    expect(receiver.heldAt(slow.path)).toBe(4)
    await run
    expect(receiver.mostHeldAt(slow.path)).toBe(4)
    expect(receiver.at(slow.path)).toHaveLength(6)
    expect(JSON.parse(receiver.at(slow.path)[0]!.body)).toMatchObject({
      type: 'test',
      data: { partner: expect.any(String) },
    })
    const tries = await t.db.select().from(partnerWebhookAttempts).where(eq(partnerWebhookAttempts.partnerId, slow.id))
    expect(tries).toHaveLength(6)
    for (const attempt of tries) expect(attempt).toMatchObject({ statusCode: null, error: 'timed out' })
    expect(Math.min(...tries.map((attempt) => attempt.durationMs))).toBeGreaterThanOrEqual(2900)
    expect((await eventsOf(order.id))[0]!.deliveredAt).toEqual(t.clock.now())
    const pending = await t.db
      .select()
      .from(partnerWebhookEvents)
      .where(and(eq(partnerWebhookEvents.partnerId, slow.id), eq(partnerWebhookEvents.attempts, 1)))
    expect(pending).toHaveLength(6)
    for (const event of pending) expect(event.nextAttemptAt).toEqual(new Date(t.clock.now().getTime() + 5000))
    await move(order.reference, 'cancelled')
  })

  it('takes an http webhook address on localhost outside production only', async () => {
    const production = createPartnerService({ db: t.db, clock: t.clock, production: true, secretsKey: randomBytes(32) })
    const input = { slug: 'local-hooks', displayName: 'Local', webhookUrl: 'http://127.0.0.1:8080/hooks' }
    await expect(production.createPartner(input)).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { webhookUrl: 'must be an https address' },
    })
    await expect(
      registry().createPartner({ ...input, webhookUrl: 'http://partner.example/hooks' }),
    ).rejects.toMatchObject({
      fields: { webhookUrl: 'must be an https address (or http on localhost)' },
    })
    expect(await registry().createPartner(input)).toMatchObject({ webhookUrl: input.webhookUrl })
  })

  it('gives up after the last try, more than 72 hours after the first', async () => {
    expect(RETRY_WAITS_SECONDS.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(72 * 3600)
    const partner = await newPartner()
    receiver.script(partner.path, Array(MAX_ATTEMPTS).fill(500))
    const order = await partnerOrder(partner.id)
    await move(order.reference, 'awaiting_payment')
    const started = t.clock.now().getTime()
    for (let tries = 1; tries <= MAX_ATTEMPTS; tries += 1) {
      await deliver()
      const [event] = await eventsOf(order.id)
      expect(event!.attempts).toBe(tries)
      if (event!.gaveUpAt) break
      t.clock.set(event!.nextAttemptAt)
    }
    const [event] = await eventsOf(order.id)
    expect(event!.gaveUpAt).toEqual(t.clock.now())
    expect(t.clock.now().getTime() - started).toBeGreaterThanOrEqual(72 * 3600 * 1000)
    expect(receiver.at(partner.path)).toHaveLength(MAX_ATTEMPTS)
    t.clock.advance(24 * 3600 * 1000)
    await deliver()
    expect(receiver.at(partner.path)).toHaveLength(MAX_ATTEMPTS)
  })

  it('signs with the rotated-out secret no more once its overlap has passed', async () => {
    const partner = await newPartner()
    const { secret: next } = await registry().rotateSigningSecret(partner.id)
    t.clock.advance(SECRET_OVERLAP_HOURS * 3600_000 + 1000)
    await operator.renew()
    const queued = await t.app.inject({
      method: 'POST',
      url: `/operator/partners/${partner.id}/deliveries/test`,
      headers: operatorHeaders,
      payload: '',
    })
    expect(queued.statusCode).toBe(303)
    await deliver()
    const [notice] = receiver.at(partner.path)
    expect(notice!.headers['webhook-signature']!.split(' ')).toHaveLength(1)
    expect(verifyNotice(next, notice!)).toMatchObject({ type: 'test', data: { partner: partner.slug } })
    expect(() => verifyNotice(partner.secret, notice!)).toThrow()
  })
})

describe('a partner order held after a security change (decision 126)', () => {
  it('tells the partner the payout waits for security_hold and until when, as for any step', async () => {
    const partner = await newPartner()
    const owner = await payableBuyer(t)
    await t.app.jobs.refreshRates()
    const { reference } = (await initiateBuy(t, owner.token)).body.data as { reference: string }
    await t.db
      .update(orders)
      .set({ partnerId: partner.id, partnerOrderId: 'po-held', status: 'paid' })
      .where(eq(orders.reference, reference))
    const changed = await callUser(t.app, 'changePassword', owner.token, {
      currentPassword: owner.password,
      newPassword: 'a brand new phrase',
    })
    expect(changed.body).toMatchObject({ result: true })
    const until = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString()
    t.clock.advance(61_000)
    await t.app.jobs.settleWaitingOrders()

    const [held] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(held).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'security_hold' })
    expect((await eventsOf(held!.id)).map((event) => [event.type, event.payload])).toEqual([
      [
        'order.status_changed',
        expect.objectContaining({
          status: 'awaiting_checks',
          previousStatus: 'paid',
          payoutWaitsFor: 'security_hold',
          payoutHeldUntil: until,
        }),
      ],
    ])
  })
})
