import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '../src/db/tables/modules/orders'
import { payments, virtualIbans } from '../src/db/tables/modules/payments'
import {
  ADA_DETAILS,
  BTC_WALLET,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  payableBuyer,
  proveWallet,
  signAgreement,
  signUpVerified,
  storedOrder,
  useTestApp,
  verifyIdentity,
} from './support'
import { DOCUMENT_NAME } from './support/customer-fixtures'

/** Native segwit address of private key 1 (BIP-173's example): valid, and never proven by the tests' customers. */
const UNPROVEN_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

const t = useTestApp()

/** Every call that starts a payment of the order or shows how to make one (decision 080). */
const PAYMENT_CALLS = [
  ['orderStartCard', (orderReference: string) => ({ orderReference, pspId: 'sandbox-card' })],
  ['orderStartPayByBank', (orderReference: string) => ({ orderReference, tlId: 'sandbox-bank-1' })],
  ['orderSubmitWire', (orderReference: string) => ({ orderReference, tlId: 'sandbox-bank-1' })],
  ['orderSubmitViban', (orderReference: string) => ({ orderReference })],
  ['exchangeUpdateOrder', (orderReference: string) => ({ orderReference, statusName: 'awaiting_payment' })],
] as const

/** A customer who may start orders (source of funds, agreement) with their details given; `then` adds more steps. */
async function startsOrders(then: (token: string) => Promise<void> = async () => {}) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  await then(customer.token)
  return customer
}

/** Every payment call is refused naming `step`, and nothing of a payment is stored for the order. */
async function expectEveryPaymentRefused(token: string, reference: string, step: string) {
  for (const [call, payload] of PAYMENT_CALLS) {
    const answer = await callUser(t.app, call, token, payload(reference))
    expect({ call, status: answer.status, body: answer.body }).toEqual({
      call,
      status: 200,
      body: { result: false, error: 'step_required', step },
    })
  }
  const order = await storedOrder(t, reference)
  expect(order).toMatchObject({ status: 'initiated', methodGroup: null, methodOption: null })
  expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([])
}

describe('no payment before identity (decision 080)', () => {
  it('an order may be started before the identity check, but no way to pay it is started or shown', async () => {
    const customer = await startsOrders((token) => proveWallet(t, token, { crypto: 'btc', address: BTC_WALLET }))
    const started = await initiateBuy(t, customer.token)
    expect(started.body.result).toBe(true)
    await expectEveryPaymentRefused(customer.token, started.body.data.reference, 'identity')

    expect((await callUser(t.app, 'orderGetViban', customer.token)).body).toEqual({
      result: false,
      error: 'step_required',
      step: 'identity',
    })
    const [customerRow] = await t.db
      .select({ id: orders.customerId })
      .from(orders)
      .where(eq(orders.reference, started.body.data.reference))
    expect(await t.db.select().from(virtualIbans).where(eq(virtualIbans.customerId, customerRow!.id))).toEqual([])

    const journey = (await callUser(t.app, 'journeyStatus', customer.token)).body.data
    expect(journey.blocked).toEqual({ start_order: null, pay: 'identity', payout: 'identity' })
  })

  it('an identity check in review still blocks paying', async () => {
    const customer = await startsOrders(async (token) => {
      await proveWallet(t, token, { crypto: 'btc', address: BTC_WALLET })
      const started = await callUser(t.app, 'identityStart', token)
      const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
      await t.app.inject({
        method: 'POST',
        url: '/sandbox/idv/verify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ applicant, outcome: 'review', ...DOCUMENT_NAME }).toString(),
      })
    })
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    await expectEveryPaymentRefused(customer.token, reference, 'identity')
  })

  it('once verified, with details and a proven wallet, every way to pay opens', async () => {
    const customer = await payableBuyer(t)
    for (const [call, payload] of PAYMENT_CALLS) {
      const { reference } = (await initiateBuy(t, customer.token)).body.data
      const answer = await callUser(t.app, call, customer.token, payload(reference))
      expect({ call, result: answer.body.result }).toEqual({ call, result: true })
      expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')
    }
    expect((await callUser(t.app, 'orderGetViban', customer.token)).body.result).toBe(true)
  })

  it('someone else’s order answers as an unknown one, not with the steps of its owner', async () => {
    const owner = await startsOrders()
    const { reference } = (await initiateBuy(t, owner.token)).body.data
    const other = await payableBuyer(t)
    for (const [call, payload] of PAYMENT_CALLS)
      expect((await callUser(t.app, call, other.token, payload(reference))).body).toEqual({
        result: false,
        error: 'order_not_found',
      })
  })
})

describe('no payment before the order’s wallet is proven (decision 080)', () => {
  it('refuses every way to pay an order to a wallet the customer has not proven, naming the wallet step', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token, { wallet: UNPROVEN_BTC })).body.data
    await expectEveryPaymentRefused(customer.token, reference, 'wallet')
    // The customer's virtual IBAN is theirs, not the order's: it is shown, and this order's payment stays refused.
    expect((await callUser(t.app, 'orderGetViban', customer.token)).body.result).toBe(true)
  })

  it('refuses to pay an order started without a wallet until one is proven and given', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token, { wallet: '' })).body.data
    await expectEveryPaymentRefused(customer.token, reference, 'wallet')
    await callUser(t.app, 'orderSetWallet', customer.token, { orderReference: reference, wallet: BTC_WALLET })
    const wire = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    expect(wire.body).toMatchObject({ result: true, data: { reference, amount: '250.00' } })
  })
})

describe('a final identity rejection (decision 080)', () => {
  it('blocks new orders and every payment of the orders already started, and the journey says so', async () => {
    const customer = await startsOrders((token) => proveWallet(t, token, { crypto: 'btc', address: BTC_WALLET }))
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    await verifyIdentity(t, customer.token, 'rejected')

    const refused = await initiateBuy(t, customer.token)
    expect(refused.body).toEqual({ result: false, error: 'step_required', step: 'identity' })
    expect(await t.db.select().from(orders).where(eq(orders.reference, reference))).toHaveLength(1)
    await expectEveryPaymentRefused(customer.token, reference, 'identity')

    const journey = (await callUser(t.app, 'journeyStatus', customer.token)).body.data
    expect(journey.steps).toEqual([
      { id: 'identity', state: 'rejected', blocks: ['start_order', 'pay', 'payout'], screen: '/dashboard-authstart' },
    ])
    expect(journey.next).toBeNull()
    expect(journey.blocked).toEqual({ start_order: 'identity', pay: 'identity', payout: 'identity' })
  })
})
