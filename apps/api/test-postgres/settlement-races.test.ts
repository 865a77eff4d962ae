import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { incomingTransfers, webhookEvents } from '../src/db/tables/modules/intake'
import { payments } from '../src/db/tables/modules/payments'
import { refunds } from '../src/db/tables/modules/refunds'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import { SANDBOX_PSP_SIGNATURE_HEADER } from '../src/providers/psp/sandbox-psp.provider'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  type TestApp,
  buildTestApp,
  buyer,
  callUser,
  initiateBuy,
  payableBuyer,
  storedOrder,
} from '../test/support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const PSP_SECRET = 'test-psp-webhook-secret-0123456789'
const ENV = { BANK_WEBHOOK_SECRET: SECRET, PSP_WEBHOOK_SECRET: PSP_SECRET }
const ROUNDS = 4
/** Card notices that locked the payment before the order deadlocked with a transfer now and then: rounds enough to show it. */
const CARD_ROUNDS = 12

/** Two api processes on one PostgreSQL database, each with its own connection pool. */
let one: TestApp
let two: TestApp
beforeAll(async () => {
  one = await buildTestApp({ env: ENV })
  two = await buildTestApp({ env: ENV, sameDatabaseAs: one })
})
afterAll(async () => {
  await two.close()
  await one.close()
})

function signed(data: Record<string, unknown>) {
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(6).toString('hex')}`,
    type: 'transfer.received',
    data: {
      currency: 'eur',
      payerName: 'Ada Lovelace',
      payerIban: 'CH9300762011623852957',
      receivedAt: one.clock.now().toISOString(),
      ...data,
    },
  })
  return { body, signature: signNotice(Buffer.from(SECRET), body, Math.floor(one.clock.now().getTime() / 1000)) }
}

async function deliver(t: TestApp, notice: { body: string; signature: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: notice.signature },
    payload: notice.body,
  })
  return { status: response.statusCode, body: response.json() }
}

async function wireOrder() {
  const customer = await buyer(one)
  await callUser(one.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const { reference } = (await initiateBuy(one, customer.token)).body.data
  const wire = (
    await callUser(one.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body.data
  return { reference, iban: wire.iban as string }
}

describe('two notices for one order at the same moment (issue 8, defect 2)', () => {
  it.each([
    ['on one process, two connections', () => [one, one] as const],
    ['across two processes on one database', () => [one, two] as const],
  ])('%s: one pays, the other is stored as "no open order" and refunded; none is dropped', async (_case, apps) => {
    const [first, second] = apps()
    for (let round = 0; round < ROUNDS; round += 1) {
      const { reference, iban } = await wireOrder()
      // Two transfers from two of the customer's accounts (not look-alikes of each other, which would be held).
      const notices = [
        { payerName: 'Ada Lovelace', payerIban: 'CH9300762011623852957' },
        { payerName: 'Ada King Lovelace', payerIban: 'GB33BUKB20201555555555' },
      ].map((payer) =>
        signed({
          transferId: `trf_${randomBytes(6).toString('hex')}`,
          amount: '250.00',
          creditedIban: iban,
          paymentReference: reference,
          ...payer,
        }),
      )
      const answers = await Promise.all([deliver(first, notices[0]!), deliver(second, notices[1]!)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['matched', 'no_open_order'])

      const order = await storedOrder(one, reference)
      expect(order.status).toBe('completed')
      const stored = await one.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order.id))
      expect(stored.map((transfer) => transfer.outcome).sort()).toEqual(['matched', 'no_open_order'])
      expect(await one.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
        {
          amount: '250.00',
          reason: expect.stringMatching(/^Order is (paid|processing|completed); the money goes back$/),
        },
      ])
    }
  })

  it('the same notice reaching two processes at once: one effect, the other answers duplicate, no 500', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { reference, iban } = await wireOrder()
      const notice = signed({
        transferId: `trf_${randomBytes(6).toString('hex')}`,
        amount: '250.00',
        creditedIban: iban,
        paymentReference: reference,
      })
      const answers = await Promise.all([deliver(one, notice), deliver(two, notice)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(answers.map((answer) => answer.body.duplicate).sort()).toEqual([false, true])
      const order = await storedOrder(one, reference)
      expect(order.status).toBe('completed')
      expect(await one.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order.id))).toHaveLength(
        1,
      )
      expect(await one.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([])
    }
  })
})

/** A card success notice, signed as the sandbox PSP signs it (the same scheme as the real one's raw-body HMAC). */
function cardSucceeded(sessionId: string) {
  const body = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    type: 'checkout.session.completed',
    data: { sessionId },
  })
  return { body, signature: signNotice(Buffer.from(PSP_SECRET), body, Math.floor(one.clock.now().getTime() / 1000)) }
}

async function deliverCard(t: TestApp, notice: { body: string; signature: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/psp',
    headers: { 'content-type': 'application/json', [SANDBOX_PSP_SIGNATURE_HEADER]: notice.signature },
    payload: notice.body,
  })
  return { status: response.statusCode, body: response.json() }
}

/**
 * A card order whose customer also wires its amount with the order's reference (to the account their earlier wire
 * order showed): both payments can arrive.
 */
async function wireAndCardOrder() {
  const customer = await buyer(one)
  await callUser(one.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const earlier = (await initiateBuy(one, customer.token)).body.data.reference
  const wire = (
    await callUser(one.app, 'orderSubmitWire', customer.token, { orderReference: earlier, tlId: 'sandbox-bank-1' })
  ).body.data
  const { reference } = (await initiateBuy(one, customer.token)).body.data
  const started = await callUser(one.app, 'orderStartCard', customer.token, {
    orderReference: reference,
    pspId: 'sandbox-card',
  })
  expect(started).toMatchObject({ status: 200, body: { result: true } })
  return { reference, iban: wire.iban as string, sessionId: started.body.data.sessionId as string }
}

async function storedEffects(orderId: string) {
  return {
    payments: await one.db.select().from(payments).where(eq(payments.orderId, orderId)),
    transfers: await one.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, orderId)),
    refunds: await one.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
  }
}

describe('a card success and a bank transfer for one order at the same moment, on two processes (defect 2)', () => {
  it('exactly one pays the order; the other is recorded and its refund queued; both answer 2xx; nothing is lost', async () => {
    const winners: string[] = []
    for (let round = 0; round < CARD_ROUNDS; round += 1) {
      const { reference, iban, sessionId } = await wireAndCardOrder()
      const card = cardSucceeded(sessionId)
      const transfer = signed({
        transferId: `trf_${randomBytes(6).toString('hex')}`,
        amount: '250.00',
        creditedIban: iban,
        paymentReference: reference,
      })
      // Alternate which process takes which notice, so that both orders of arrival are tried.
      const [cardApp, bankApp] = round % 2 === 0 ? [one, two] : [two, one]
      const [cardAnswer, bankAnswer] = await Promise.all([deliverCard(cardApp, card), deliver(bankApp, transfer)])
      expect(cardAnswer).toEqual({ status: 200, body: { result: true, duplicate: false } })
      expect(bankAnswer.status).toBe(200)
      expect(['matched', 'no_open_order']).toContain(bankAnswer.body.outcome)

      const order = await storedOrder(one, reference)
      expect(order.status).toBe('completed')
      const { payments: stored, transfers, refunds: queued } = await storedEffects(order.id)
      // Every notice is stored and decided once.
      expect(transfers).toHaveLength(1)
      expect(
        await one.db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.eventId, JSON.parse(card.body).id)),
      ).toMatchObject([{ decidedAt: expect.any(Date) }])
      // Exactly one refund, of the payment that did not pay the order.
      expect(queued).toHaveLength(1)
      expect(queued[0]).toMatchObject({ amount: '250.00', currency: 'eur' })
      const cardPayment = stored.find((payment) => payment.method === 'card')
      // The card is charged either way: it paid the order, or it is kept as a charge with its reason, refunded.
      expect(cardPayment).toMatchObject({ status: 'succeeded' })
      if (bankAnswer.body.outcome === 'matched') {
        winners.push('wire')
        expect(transfers[0]!.outcome).toBe('matched')
        expect(cardPayment!.failureReason).toMatch(/already paid another way/)
        expect(queued[0]).toMatchObject({ transferId: null, toIban: null })
        expect(stored.filter((payment) => payment.method !== 'card')).toMatchObject([{ status: 'succeeded' }])
      } else {
        winners.push('card')
        expect(transfers[0]!.outcome).toBe('no_open_order')
        expect(cardPayment!.failureReason).toBeNull()
        expect(queued[0]).toMatchObject({ transferId: transfers[0]!.id, toIban: 'CH9300762011623852957' })
        expect(stored.filter((payment) => payment.status === 'succeeded')).toHaveLength(1)
      }
    }
    expect(winners).toHaveLength(CARD_ROUNDS)
  })

  it('the same card notice reaching two processes at once: one effect, the other answers duplicate, no 500', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { reference, sessionId } = await wireAndCardOrder()
      const card = cardSucceeded(sessionId)
      const answers = await Promise.all([deliverCard(one, card), deliverCard(two, card)])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(answers.map((answer) => answer.body.duplicate).sort()).toEqual([false, true])
      const order = await storedOrder(one, reference)
      expect(order.status).toBe('completed')
      const { payments: stored, refunds: queued } = await storedEffects(order.id)
      expect(stored.filter((payment) => payment.status === 'succeeded')).toMatchObject([{ method: 'card' }])
      expect(queued).toEqual([])
    }
  })
})

/** A card notice of a failed checkout, signed as the sandbox PSP signs it. */
function cardFailed(sessionId: string, failureReason: string) {
  const body = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    type: 'checkout.session.failed',
    data: { sessionId, failureReason },
  })
  return { body, signature: signNotice(Buffer.from(PSP_SECRET), body, Math.floor(one.clock.now().getTime() / 1000)) }
}

async function startCardAttempt(t: TestApp, token: string, reference: string) {
  return callUser(t.app, 'orderStartCard', token, { orderReference: reference, pspId: 'sandbox-card' })
}

describe('a second card attempt on one order (decision 048), on two processes', () => {
  it('the late success of the abandoned first checkout and the success of the second: one pays, the other goes back', async () => {
    for (let round = 0; round < CARD_ROUNDS; round += 1) {
      const customer = await payableBuyer(one)
      const { reference } = (await initiateBuy(one, customer.token)).body.data
      const first = (await startCardAttempt(one, customer.token, reference)).body.data.sessionId as string
      // The first checkout is left without a word (the back button); the customer starts another.
      const second = (await startCardAttempt(one, customer.token, reference)).body.data.sessionId as string
      const [a, b] = round % 2 === 0 ? [one, two] : [two, one]
      const answers = await Promise.all([deliverCard(a, cardSucceeded(first)), deliverCard(b, cardSucceeded(second))])
      expect(answers).toEqual([
        { status: 200, body: { result: true, duplicate: false } },
        { status: 200, body: { result: true, duplicate: false } },
      ])

      const order = await storedOrder(one, reference)
      expect(order.status).toBe('completed')
      const { payments: stored, refunds: queued } = await storedEffects(order.id)
      // Both cards were charged; exactly one paid the order, the other is kept with its reason and refunded.
      expect(stored.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded'])
      const paying = stored.filter((payment) => payment.failureReason === null)
      expect(paying).toHaveLength(1)
      expect(queued).toMatchObject([
        { amount: '250.00', currency: 'eur', reason: expect.stringMatching(/another way/) },
      ])
      expect(await one.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)
    }
  })

  it('the decline of the first checkout and the start of a second at the same moment: the order waits for the second', async () => {
    for (let round = 0; round < CARD_ROUNDS; round += 1) {
      const customer = await payableBuyer(one)
      const { reference } = (await initiateBuy(one, customer.token)).body.data
      const first = (await startCardAttempt(one, customer.token, reference)).body.data.sessionId as string
      // Sessions are signed per process in these tests: the customer's calls go to one, the notice to either.
      const notices = round % 2 === 0 ? one : two
      const [declined, started] = await Promise.all([
        deliverCard(notices, cardFailed(first, 'Your card was declined by your bank.')),
        startCardAttempt(one, customer.token, reference),
      ])
      expect(declined.status).toBe(200)
      expect(started.body.result).toBe(true)
      // Whichever came first, the second checkout is open and the order waits for it (never "Started" beside it).
      const order = await storedOrder(one, reference)
      expect(order.status).toBe('awaiting_payment')
      expect((await storedEffects(order.id)).payments.map((payment) => payment.status).sort()).toEqual([
        'failed',
        'pending',
      ])
      await deliverCard(notices, cardSucceeded(started.body.data.sessionId as string))
      expect((await storedOrder(one, reference)).status).toBe('completed')
      expect((await storedEffects(order.id)).refunds).toEqual([])
    }
  })
})
