import { hex } from '@scure/base'
import { and, eq } from 'drizzle-orm'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { describe, expect, it } from 'vitest'
import { buyIntents, deliveries } from '../src/db/tables/modules/fulfilment'
import { orderEvents } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import {
  BTC_WALLET,
  type TestApp,
  buildTestApp,
  callUser,
  declareSourceOfFunds,
  mailTo,
  proveWallet,
  signAgreement,
  signUpVerified,
  storedOrder,
  useTestApp,
  verifyIdentity,
  wireOrderPaid,
} from './support'
import { bitcoinSign, taprootWallet } from './support/wallets'

const SECRET = 'test-bank-webhook-secret-0123456789'
const ENV = {
  BANK_WEBHOOK_SECRET: SECRET,
  PUBLIC_URL: 'https://exchange.example',
  JWT_SECRET: 'way-out-test-secret-0123456789-abcdef-0123',
}
/** An exchange's deposit address: a taproot address whose key the customer does not hold, so it cannot sign. */
const EXCHANGE_DEPOSIT = taprootWallet(hex.decode(`${'00'.repeat(31)}07`)).address

const t = useTestApp({ env: ENV })

/** A verified customer with every step done but the wallet of the order they are about to pay. */
async function customerReady(app: TestApp = t) {
  await app.app.jobs.refreshRates()
  const customer = await signUpVerified(app)
  await declareSourceOfFunds(app, customer.token)
  await signAgreement(app, customer.token)
  await verifyIdentity(app, customer.token)
  return customer
}

async function declareExchange(token: string, address: string, app: TestApp = t) {
  const issued = await callUser(app.app, 'walletChallenge', token, { wallet: { crypto: 'btc', address } })
  const declared = await callUser(app.app, 'walletDeclareProvider', token, {
    challengeId: issued.body.data.challengeId,
    walletProvider: 'Kraken',
    accountHolder: 'Ada Lovelace',
    confirm: true,
  })
  expect(declared.body).toMatchObject({ result: true, data: { method: 'provider_declaration' } })
  await app.app.jobs.customerChecksChanged()
}

async function refundsOf(orderId: string) {
  return t.db.select().from(refunds).where(eq(refunds.orderId, orderId))
}

async function eventsTo(orderId: string, status: OrderStatus) {
  return t.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, status)))
}

describe('a wallet at another exchange, declared with its provider (decision 084)', () => {
  it('a declaration wallet within the limits pays out', async () => {
    const customer = await customerReady()
    await declareExchange(customer.token, EXCHANGE_DEPOSIT)
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, {
      amount: '1000.00',
      wallet: EXCHANGE_DEPOSIT,
    })
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'completed', wallet: EXCHANGE_DEPOSIT })
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
  })

  it('holds an order over the per-order limit, and the customer sends it to a signed wallet instead', async () => {
    const customer = await customerReady()
    await declareExchange(customer.token, EXCHANGE_DEPOSIT)
    await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
    // No payment is started over the limit (decision 080); a transfer that arrives anyway waits for the wallet.
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, {
      amount: '1234.56',
      wallet: EXCHANGE_DEPOSIT,
      arrivesAnyway: true,
    })
    expect(await storedOrder(t, reference)).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'wallet' })

    // Another declared-only wallet is no way out over the limit; an unknown one neither.
    const unproven = await callUser(t.app, 'orderChangeWallet', customer.token, {
      orderReference: reference,
      wallet: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    })
    expect(unproven.body).toEqual({ result: false, error: 'wallet_not_proven' })
    const changed = await callUser(t.app, 'orderChangeWallet', customer.token, {
      orderReference: reference,
      wallet: BTC_WALLET,
    })
    expect(changed.body).toEqual({ result: true, statusName: 'completed' })
    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'completed', wallet: BTC_WALLET })
    const detail = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
    expect(detail.body.data.events.map((event: { words: string | null }) => event.words)).toContain(
      `You chose to have your coins sent to ${BTC_WALLET}`,
    )
  })

  it('counts the paid orders of the last 30 days to declared wallets against the rolling limit', async () => {
    const customer = await customerReady()
    await declareExchange(customer.token, EXCHANGE_DEPOSIT)
    const paid: string[] = []
    for (let i = 0; i < 5; i += 1)
      paid.push(
        (await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, { amount: '1000.00', wallet: EXCHANGE_DEPOSIT }))
          .reference,
      )
    const statuses = await Promise.all(paid.map(async (reference) => (await storedOrder(t, reference)).status))
    expect(statuses).toEqual(['completed', 'completed', 'completed', 'completed', 'completed'])
    // 5,000 EUR in 30 days: the sixth order is not paid to the declared wallet (decision 080); money that comes
    // anyway waits for a wallet proven by a signature (or its way out).
    const sixth = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, {
      amount: '1000.00',
      wallet: EXCHANGE_DEPOSIT,
      arrivesAnyway: true,
    })
    expect((await storedOrder(t, sixth.reference)).status).toBe('awaiting_checks')
  })
})

describe('the way out of a paid order whose delivery waits (decision 085)', () => {
  it('refunds the order to where the money came from, once, with an e-mail', async () => {
    const customer = await customerReady()
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, {
      amount: '1234.56',
      arrivesAnyway: true,
    })
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('awaiting_checks')

    const asked = await callUser(t.app, 'orderRequestRefund', customer.token, { orderReference: reference })
    expect(asked.body).toEqual({ result: true, statusName: 'refunded' })
    expect(await refundsOf(order.id)).toMatchObject([
      { amount: '1234.56', currency: 'eur', toIban: 'CH9300762011623852957', createdBy: 'customer' },
    ])
    const mails = (await mailTo(t.db, customer.email)).filter((mail) => mail.template === 'order_refunded')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('1,234.56')

    const again = await callUser(t.app, 'orderRequestRefund', customer.token, { orderReference: reference })
    expect(again.body).toEqual({ result: false, error: 'transition_not_allowed' })
    const other = await signUpVerified(t)
    const stranger = await callUser(t.app, 'orderRequestRefund', other.token, { orderReference: reference })
    expect(stranger.body).toEqual({ result: false, error: 'order_not_found' })
    expect(await refundsOf(order.id)).toHaveLength(1)
  })

  it('refuses a refund once the order is bought, and for an order not yet paid', async () => {
    const customer = await customerReady()
    await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const late = await callUser(t.app, 'orderRequestRefund', customer.token, { orderReference: reference })
    expect(late.body).toEqual({ result: false, error: 'transition_not_allowed' })
    const bad = await callUser(t.app, 'orderRequestRefund', customer.token, { orderReference: 'x' })
    expect(bad.status).toBe(400)
    expect(await refundsOf((await storedOrder(t, reference)).id)).toHaveLength(0)
  })
})

describe('two processes at once (decision 085)', () => {
  it('two refund requests end in one refund; a refund racing the delivery ends in exactly one outcome', async () => {
    const second = await buildTestApp({ sameDatabaseAs: t, env: ENV, clock: t.clock })
    try {
      const customer = await customerReady()
      const first = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true })
      const answers = await Promise.all(
        [t, second].map((app) =>
          callUser(app.app, 'orderRequestRefund', customer.token, { orderReference: first.reference }),
        ),
      )
      const order = await storedOrder(t, first.reference)
      expect(order.status).toBe('refunded')
      expect(answers.filter((answer) => answer.body.result === true)).toHaveLength(1)
      expect(answers.map((answer) => answer.body.error).filter(Boolean)).toEqual([
        expect.stringMatching(/^(order_busy|transition_not_allowed)$/),
      ])
      expect(await refundsOf(order.id)).toHaveLength(1)
      expect(await eventsTo(order.id, 'refunded')).toHaveLength(1)

      // The wallet is proven (its job queued), then the job and a refund request run at once in two processes.
      const racing = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true })
      const issued = await callUser(t.app, 'walletChallenge', customer.token, {
        wallet: { crypto: 'btc', address: BTC_WALLET },
      })
      await callUser(t.app, 'walletProve', customer.token, {
        challengeId: issued.body.data.challengeId,
        signature: bitcoinSign(issued.body.data.message),
      })
      const [, refund] = await Promise.all([
        t.app.jobs.customerChecksChanged(),
        callUser(second.app, 'orderRequestRefund', customer.token, { orderReference: racing.reference }),
      ])
      await t.app.jobs.customerChecksChanged()
      const raced = await storedOrder(t, racing.reference)
      const refunded = await refundsOf(raced.id)
      const delivered = await t.db.select().from(deliveries).where(eq(deliveries.orderId, raced.id))
      const bought = await t.db.select().from(buyIntents).where(eq(buyIntents.orderId, raced.id))
      if (refund.body.result === true) {
        expect(raced.status).toBe('refunded')
        expect([refunded.length, delivered.length, bought.length]).toEqual([1, 0, 0])
      } else {
        expect(raced.status).toBe('completed')
        expect([refunded.length, delivered.length]).toEqual([0, 1])
        expect(refund.body.error).toMatch(/^(order_busy|transition_not_allowed)$/)
      }
    } finally {
      await second.close()
    }
  })
})
