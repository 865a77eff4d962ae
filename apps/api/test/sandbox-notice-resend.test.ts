import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../src/db/tables/modules/payments'
import { refunds } from '../src/db/tables/modules/refunds'
import { sandboxNotices } from '../src/db/tables/providers/sandbox'
import { webhookEvents } from '../src/db/tables/modules/intake'
import { createHostedPaymentReconciliation } from '../src/modules/reconciliation/hosted-payment-reconciliation'
import { createSandboxOpenBanking } from '../src/providers/open-banking/sandbox-open-banking.provider'
import { createSandboxPsp } from '../src/providers/psp/sandbox-psp.provider'
import { callUser, initiateBuy, payableBuyer, storedOrder, useTestApp } from './support'

const PSP_SECRET = 'test-psp-webhook-secret-0123456789'
const OB_SECRET = 'test-open-banking-secret-0123456789'
const t = useTestApp({ env: { PSP_WEBHOOK_SECRET: PSP_SECRET, OPEN_BANKING_WEBHOOK_SECRET: OB_SECRET } })
beforeAll(async () => {
  // The fault: the process dies while it records a confirmed payment. 'once' fails the next attempt only (a sequence
  // is not rolled back with the failed transaction), 'always' every attempt.
  await t.db.execute(sql.raw('create sequence injected_fault'))
  await t.db.execute(sql.raw('create table injected_fault_mode (mode text not null)'))
  await t.db.execute(sql.raw("insert into injected_fault_mode values ('off')"))
  await t.db.execute(
    sql.raw(`create function fail_on_payment_success() returns trigger language plpgsql as $$
declare current_mode text;
begin
  select mode into current_mode from injected_fault_mode;
  if new.status = 'succeeded' and (current_mode = 'always' or (current_mode = 'once' and nextval('injected_fault') = 1)) then
    raise exception 'injected fault: the process died while handling the notice';
  end if;
  return new;
end $$`),
  )
  await t.db.execute(
    sql.raw(
      'create trigger fail_on_payment_success before update on payments for each row execute function fail_on_payment_success()',
    ),
  )
})

async function injectFault(mode: 'once' | 'always' | 'off') {
  await t.db.execute(sql.raw("select setval('injected_fault', 1, false)"))
  await t.db.execute(sql`update injected_fault_mode set mode = ${mode}`)
}

async function startCard(token: string) {
  const { reference } = (await initiateBuy(t, token)).body.data
  const started = await callUser(t.app, 'orderStartCard', token, { orderReference: reference, pspId: 'sandbox-card' })
  return { reference, sessionId: started.body.data.sessionId as string }
}

async function payAtCheckout(sessionId: string, cardNumber = '4242424242424242') {
  const form = new URLSearchParams({ session: sessionId, cardNumber, expiry: '12/30', cvc: '123' })
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/psp/checkout/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
}

async function noticesOf(sessionId: string) {
  const all = await t.db.select().from(sandboxNotices)
  return all.filter((notice) => notice.body.includes(sessionId))
}

describe('the sandbox PSP sends a notice again until the exchange takes it', () => {
  it('the exchange crashes on the first delivery of a card success; the re-send pays the order', async () => {
    await injectFault('once')
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const back = await payAtCheckout(sessionId)
    // The customer still goes back to the return page; the notice was answered 500 and nothing was stored.
    expect(back.statusCode).toBe(303)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    const [undelivered] = await noticesOf(sessionId)
    expect(undelivered).toMatchObject({ status: 'pending', attempts: 1, lastAnswerStatus: 500 })

    // Not before its wait is over.
    expect(await t.app.jobs.resendSandboxNotices()).toBe(0)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')

    t.clock.advance(60_000)
    expect(await t.app.jobs.resendSandboxNotices()).toBe(1)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, sessionId))
    expect(payment?.status).toBe('succeeded')
    expect((await noticesOf(sessionId))[0]).toMatchObject({ status: 'delivered', attempts: 2, lastAnswerStatus: 200 })

    // Delivered notices are not sent again.
    t.clock.advance(3_600_000)
    expect(await t.app.jobs.resendSandboxNotices()).toBe(0)
  })

  it('backs off from a minute to a day and gives up after about three days of refusals', async () => {
    const customer = await payableBuyer(t)
    const { sessionId } = await startCard(customer.token)
    await injectFault('always')
    await payAtCheckout(sessionId)
    const waits: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      const [notice] = await noticesOf(sessionId)
      if (notice!.status !== 'pending') break
      const wait = notice!.nextAttemptAt.getTime() - t.clock.now().getTime()
      waits.push(wait / 1000)
      t.clock.advance(wait)
      await t.app.jobs.resendSandboxNotices()
    }
    expect(waits).toEqual([60, 300, 1800, 3600, 10_800, 21_600, 43_200, 86_400, 86_400])
    expect((await noticesOf(sessionId))[0]).toMatchObject({ status: 'abandoned', attempts: 10, lastAnswerStatus: 500 })
    await injectFault('off')
  })
})

describe('asking the providers about hosted payments still pending when their order is about to expire', () => {
  const reconciliation = () =>
    createHostedPaymentReconciliation({
      db: t.db,
      clock: t.clock,
      psp: createSandboxPsp({ db: t.db, clock: t.clock, key: Buffer.from(PSP_SECRET) }),
      openBanking: createSandboxOpenBanking({ db: t.db, clock: t.clock, key: Buffer.from(OB_SECRET) }),
    })

  it('answers the confirmed outcome of a paid checkout whose notice was lost, as the webhook’s event shape', async () => {
    await injectFault('once')
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    const declined = await startCard((await payableBuyer(t)).token)
    const open = await startCard((await payableBuyer(t)).token)
    await payAtCheckout(sessionId)
    // The second checkout's decline reached the exchange; the third is still open at the PSP.
    await payAtCheckout(declined.sessionId, '4000000000000002')
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')

    // Other tests' orders share this database: only this test's three checkouts are looked at.
    const ours = new Set([sessionId, declined.sessionId, open.sessionId])
    const outcomesOfOurs = async () =>
      (await reconciliation().confirmedOutcomesOfExpiringPayments({ withinSeconds: 120 })).filter((outcome) =>
        ours.has(outcome.event.sessionId),
      )
    // Far from expiry: nothing to ask yet.
    expect(await outcomesOfOurs()).toEqual([])

    t.clock.advance(14 * 60_000)
    const outcomes = await outcomesOfOurs()
    expect(outcomes).toEqual([
      {
        party: 'psp',
        provider: 'psp-sandbox',
        orderReference: reference,
        event: { eventId: `lookup:${sessionId}:succeeded`, sessionId, outcome: 'succeeded' },
      },
    ])
    expect(outcomes.some((outcome) => outcome.event.sessionId === open.sessionId)).toBe(false)
    // Asking changes nothing by itself: payment intake decides when the integrator feeds it the event.
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
  })

  it('also answers for an order that already expired with its payment still pending, so the money goes back', async () => {
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    t.clock.advance(16 * 60_000)
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, reference)).status).toBe('expired')
    // The customer still pays on the checkout left open at the PSP, and that notice is lost.
    await injectFault('once')
    await payAtCheckout(sessionId)
    const outcomes = await reconciliation().confirmedOutcomesOfExpiringPayments({ withinSeconds: 120 })
    expect(outcomes.map((outcome) => outcome.event)).toContainEqual({
      eventId: `lookup:${sessionId}:succeeded`,
      sessionId,
      outcome: 'succeeded',
    })
  })
})

describe('the reconciliation job takes what the providers confirm through payment intake (decision 034)', () => {
  async function cardPaidNoticeLost() {
    await injectFault('once')
    const customer = await payableBuyer(t)
    const { reference, sessionId } = await startCard(customer.token)
    await payAtCheckout(sessionId)
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    return { reference, sessionId }
  }

  async function effectsOf(reference: string) {
    const order = await storedOrder(t, reference)
    return {
      status: order.status,
      payments: (await t.db.select().from(payments).where(eq(payments.orderId, order.id))).map((payment) => ({
        method: payment.method,
        status: payment.status,
      })),
      refunds: await t.db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    }
  }

  it('card paid at the provider, notice lost, order about to expire: the job pays it and the expiry sweep after it leaves it paid', async () => {
    const { reference, sessionId } = await cardPaidNoticeLost()
    t.clock.advance(14 * 60_000)
    expect(await t.app.jobs.runQueued('reconcile-hosted-payments')).toBe(1)
    expect(await effectsOf(reference)).toEqual({
      status: 'completed',
      payments: [{ method: 'card', status: 'succeeded' }],
      refunds: [],
    })
    const [event] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `lookup:${sessionId}:succeeded`))
    expect(event).toMatchObject({ provider: 'psp-sandbox', decidedAt: expect.any(Date) })

    t.clock.advance(2 * 60_000)
    await t.app.jobs.expireOrders()
    expect((await effectsOf(reference)).status).toBe('completed')

    // The PSP's own notice, sent again later, is the same payment: nothing more happens, nothing is refunded.
    t.clock.advance(60_000)
    await t.app.jobs.resendSandboxNotices()
    expect((await noticesOf(sessionId))[0]).toMatchObject({ status: 'delivered', lastAnswerStatus: 200 })
    expect(await effectsOf(reference)).toEqual({
      status: 'completed',
      payments: [{ method: 'card', status: 'succeeded' }],
      refunds: [],
    })
    // Asking again decides nothing twice.
    expect(await t.app.jobs.reconcileHostedPayments()).toBe(0)
  })

  it('the expiry sweep itself asks first: an order whose card the provider reports paid is paid, not expired', async () => {
    const { reference } = await cardPaidNoticeLost()
    t.clock.advance(15 * 60_000)
    await t.app.jobs.runQueued('expire-orders')
    expect(await effectsOf(reference)).toEqual({
      status: 'completed',
      payments: [{ method: 'card', status: 'succeeded' }],
      refunds: [],
    })
  })

  it('a checkout still open at the provider is left alone and its order expires as usual', async () => {
    const customer = await payableBuyer(t)
    const { reference } = await startCard(customer.token)
    t.clock.advance(14 * 60_000)
    await t.app.jobs.reconcileHostedPayments()
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    t.clock.advance(2 * 60_000)
    await t.app.jobs.expireOrders()
    expect((await storedOrder(t, reference)).status).toBe('expired')
  })
})
