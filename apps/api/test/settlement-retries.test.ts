import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import { type LiquidityProvider, LiquidityRefused } from '../src/providers/liquidity/liquidity.provider'
import {
  buyer,
  callUser,
  mailTo,
  storedOrder,
  useTestApp,
  wireOrderPaid,
  EVERY_ROLE,
  useOperatorSession,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'

/** A liquidity provider the test steers: each call takes the next planned outcome, and every call is counted. */
type Outcome = 'ok' | 'down' | 'refused' | 'slow'
const plan: { buy: Outcome[]; withdraw: Outcome[] } = { buy: [], withdraw: [] }
const calls = { buy: 0, withdraw: 0 }
let releaseSlow: () => void = () => {}

async function perform(step: 'buy' | 'withdraw') {
  calls[step] += 1
  const outcome = plan[step].shift() ?? 'ok'
  if (outcome === 'down') throw new Error('ETIMEDOUT')
  if (outcome === 'refused') throw new LiquidityRefused(`${step} refused: InsufficientFunds`)
  if (outcome === 'slow') await new Promise<void>((resolve) => (releaseSlow = resolve))
}

const steered: LiquidityProvider = {
  kind: 'sandbox',
  simulated: true,
  async buy(order) {
    await perform('buy')
    return {
      providerOrderId: `LP-${order.reference}-${calls.buy}`,
      filledPrice: order.price,
      cryptoAmount: order.cryptoAmount,
    }
  },
  async findBuy() {
    return { state: 'not_found' }
  },
  async withdraw() {
    await perform('withdraw')
    return { txId: `SIMULATED-${randomBytes(8).toString('hex')}` }
  },
}

const t = useTestApp({
  env: { BANK_WEBHOOK_SECRET: SECRET },
  liquidityProvider: steered,
})
beforeEach(() => {
  plan.buy = []
  plan.withdraw = []
  calls.buy = 0
  calls.withdraw = 0
})
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers

/** A customer's wire order, paid in full by a signed bank notice. */
async function paidByWire() {
  const paid = await wireOrderPaid(t, SECRET)
  expect(paid.answer).toMatchObject({ result: true, outcome: 'matched' })
  return paid
}

const operatorAction = (action: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/operator/actions/${action}`,
    headers: { ...operatorHeaders, 'content-type': 'application/json' },
    payload,
  })

describe('settling paid orders when the liquidity provider fails', () => {
  it('leaves a paid order paid while the provider is down, and the retry job completes it once the provider is back', async () => {
    plan.buy = ['down']
    const { customer, reference } = await paidByWire()
    expect((await storedOrder(t, reference)).status).toBe('paid')

    // The job leaves a just-changed order to the run that changed it.
    expect(await t.app.jobs.settleWaitingOrders()).toBe(0)
    t.clock.advance(61_000)
    expect(await t.app.jobs.settleWaitingOrders()).toBe(1)
    const done = await storedOrder(t, reference)
    expect(done.status).toBe('completed')
    expect(calls).toEqual({ buy: 2, withdraw: 1 })
    expect((await mailTo(t.db, customer.email))[0]?.template).toBe('order_completed')
    expect(done.settlementLeaseUntil).toBeNull()
  })

  it('never buys twice when two runs settle the same order at once', async () => {
    plan.buy = ['down', 'slow']
    const { customer, reference } = await paidByWire()
    const first = callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })
    await vi.waitFor(() => expect(calls.buy).toBe(2))
    const second = await callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })
    expect(second.body).toMatchObject({ result: true, statusName: 'paid' })
    releaseSlow()
    expect((await first).body).toMatchObject({ result: true, statusName: 'completed' })
    expect(calls).toEqual({ buy: 2, withdraw: 1 })
    expect(
      await t.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.orderId, (await storedOrder(t, reference)).id)),
    ).toHaveLength(1)
  })

  it('refuses an operator refund while a run is buying for the order, and allows it on a paid order at rest', async () => {
    plan.buy = ['down', 'slow', 'down']
    const { customer, reference } = await paidByWire()
    const run = callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })
    await vi.waitFor(() => expect(calls.buy).toBe(2))
    expect(
      (await operatorAction('refund-order', { orderReference: reference, reason: 'customer asked' })).json(),
    ).toEqual({ result: false, error: 'transition_not_allowed' })
    releaseSlow()
    expect((await run).body.statusName).toBe('completed')

    const other = await paidByWire()
    expect((await storedOrder(t, other.reference)).status).toBe('paid')
    expect(
      (await operatorAction('refund-order', { orderReference: other.reference, reason: 'customer asked' })).json(),
    ).toEqual({ result: true })
    expect(await storedOrder(t, other.reference)).toMatchObject({ status: 'refunded', settlementLeaseUntil: null })
    const [refunded] = await mailTo(t.db, other.customer.email)
    expect(refunded?.template).toBe('order_refunded')
    expect(refunded?.text).toContain(
      'We could not fill your order and are sending your 250.00 EUR back. Nothing was bought.',
    )
    expect(refunded?.text).toContain('To: CH9300762011623852957')
    expect(refunded?.text).toContain('Reason: customer asked')
  })

  it('leaves an order that a run holds alone, and takes it over once the hold of a crashed run has lapsed', async () => {
    plan.buy = ['down']
    const { reference } = await paidByWire()
    const { id } = await storedOrder(t, reference)
    // A run in another process took the order for its two minutes, and died.
    await t.db
      .update(orders)
      .set({ settlementLeaseUntil: new Date(t.clock.now().getTime() + 120_000) })
      .where(eq(orders.id, id))
    t.clock.advance(61_000)
    expect(await t.app.jobs.settleWaitingOrders()).toBe(0)
    expect(calls.buy).toBe(1)
    t.clock.advance(60_000)
    expect(await t.app.jobs.settleWaitingOrders()).toBe(1)
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'completed', settlementLeaseUntil: null })
  })

  it('tries a refused withdrawal again, since nothing was sent', async () => {
    plan.withdraw = ['refused']
    const { reference } = await paidByWire()
    const waiting = await storedOrder(t, reference)
    expect(waiting).toMatchObject({ status: 'processing', withdrawalRequestedAt: null })
    t.clock.advance(61_000)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(calls.withdraw).toBe(2)
  })

  it('never sends a withdrawal of unknown outcome again by itself: an operator checks the exchange and records what it finds', async () => {
    plan.withdraw = ['down']
    const { customer, reference } = await paidByWire()
    const waiting = await storedOrder(t, reference)
    expect(waiting.status).toBe('processing')
    expect(waiting.withdrawalRequestedAt).toBeInstanceOf(Date)

    t.clock.advance(61_000)
    await t.app.jobs.settleWaitingOrders()
    expect(
      (await callUser(t.app, 'orderLpToBroker', customer.token, { orderReference: reference })).body.statusName,
    ).toBe('processing')
    expect(calls.withdraw).toBe(1)

    const page = await t.app.inject({ method: 'GET', url: '/operator', headers: operatorHeaders })
    expect(page.body).toContain('Withdrawals to check at the exchange (1)')
    expect(page.body).toContain(reference)

    expect(
      (await operatorAction('record-delivery', { orderReference: reference, txId: 'bad id with spaces' })).statusCode,
    ).toBe(400)
    const recorded = await operatorAction('record-delivery', {
      orderReference: reference,
      txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg',
    })
    expect(recorded.json()).toEqual({ result: true, statusName: 'completed' })
    expect(calls.withdraw).toBe(1)
    const timeline = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
      .events
    expect(timeline.at(-1)).toMatchObject({
      toStatus: 'completed',
      kind: 'delivered',
      words: expect.stringContaining('FTQcuak-V6Za8qrWnhzTx67yYHz8Tg'),
    })
    const [completedMail] = await mailTo(t.db, customer.email)
    expect(completedMail?.text).toContain('FTQcuak-V6Za8qrWnhzTx67yYHz8Tg')
    const [action] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(action).toMatchObject({
      operator: 'ops.anna',
      action: 'record_delivery',
      detail: { txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg' },
    })
    expect((await t.app.inject({ method: 'GET', url: '/operator', headers: operatorHeaders })).body).toContain(
      'Withdrawals to check at the exchange (0)',
    )
  })

  it('refuses an operator record while a run is still sending the withdrawal: the answer of the run decides', async () => {
    plan.withdraw = ['slow']
    // The customer is ready first (checks done, wallet proven), so that the wait below is on the withdrawal alone.
    const customer = await buyer(t)
    const paying = wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
    await vi.waitFor(() => expect(calls.withdraw).toBe(1), { timeout: 10_000 })
    const [sending] = await t.db
      .select({ reference: orders.reference })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'processing'),
          isNotNull(orders.withdrawalRequestedAt),
          isNotNull(orders.settlementLeaseUntil),
        ),
      )
    expect(
      (
        await operatorAction('record-delivery', {
          orderReference: sending?.reference,
          txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg',
        })
      ).json(),
    ).toEqual({ result: false, error: 'transition_not_allowed' })
    releaseSlow()
    const { reference } = await paying
    expect(reference).toBe(sending?.reference)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(calls.withdraw).toBe(1)
  })

  it('sends the withdrawal again when the operator found none at the exchange, and logs who decided', async () => {
    plan.withdraw = ['down']
    const { reference } = await paidByWire()
    expect((await operatorAction('retry-withdrawal', { orderReference: 'NOSUCHORDER1' })).json()).toEqual({
      result: false,
      error: 'order_not_found',
    })
    const retried = await operatorAction('retry-withdrawal', { orderReference: reference })
    expect(retried.json()).toEqual({ result: true, statusName: 'completed' })
    expect(calls.withdraw).toBe(2)
    const [action] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(action).toMatchObject({ operator: 'ops.anna', action: 'retry_withdrawal' })
    // Only a withdrawal of unknown outcome can be sent again.
    expect((await operatorAction('retry-withdrawal', { orderReference: reference })).json()).toEqual({
      result: false,
      error: 'transition_not_allowed',
    })
  })
})
