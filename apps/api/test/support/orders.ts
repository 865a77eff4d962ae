import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { orders } from '../../src/db/tables/modules/orders'
import { BANK_SIGNATURE_HEADER } from '../../src/providers/bank/bank-notification'
import { signNotice } from '../../src/providers/signed-notice'
import { ADA_DETAILS } from './customer-fixtures'
import { callUser } from './calls'
import {
  BTC_WALLET,
  buyer,
  declareSourceOfFunds,
  proveWallet,
  signAgreement,
  signUpVerified,
  verifyIdentity,
} from './customers'
import { DOCUMENT_NAME } from './customer-fixtures'
import { type TestApp } from './test-app'

export async function initiateBuy(
  t: TestApp,
  token: string,
  payload: Partial<{ amount: string; assetId: string; wallet: string }> = {},
) {
  return callUser(t.app, 'orderInitiateBuy', token, {
    amount: '250',
    assetId: 'btc_eur',
    wallet: BTC_WALLET,
    ...payload,
  })
}

/** The order as stored, by its reference. */
export async function storedOrder(t: TestApp, reference: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  if (!order) throw new Error(`no order ${reference}`)
  return order
}

/** The sandbox bank partner's receiving account for EUR (its instructions name it; a transfer by reference needs none). */
const SANDBOX_RECEIVING_IBAN = 'CH5604835012345678009'

/**
 * A named customer's wire order for 250 EUR, paid by a sandbox bank notice signed with `bankSecret` (the app's
 * BANK_WEBHOOK_SECRET); `payerName` other than the customer's holds the payment for an operator. With
 * `arrivesAnyway`, the customer owes a step before paying (decision 080): the instructions are refused with
 * `step_required`, and the transfer comes all the same, naming the order (given before the rule, or guessed).
 */
export async function wireOrderPaid(
  t: TestApp,
  bankSecret: string,
  payerName = 'Ada Lovelace',
  /** The customer who orders; by default a new one whose identity is verified. */
  orderedBy?: Awaited<ReturnType<typeof signUpVerified>>,
  /**
   * The order's amount (EUR) and wallet, 250 to BTC_WALLET unless given; `arrivesAnyway` when the customer still owes
   * a step before paying.
   */
  order: { amount?: string; wallet?: string; arrivesAnyway?: boolean } = {},
) {
  const customer = orderedBy ?? (await buyer(t))
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const amount = order.amount ?? '250.00'
  const { reference } = (await initiateBuy(t, customer.token, { amount, wallet: order.wallet ?? BTC_WALLET })).body.data
  const instructions = (
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body
  if (order.arrivesAnyway ? instructions.error !== 'step_required' : instructions.result !== true)
    throw new Error(`unexpected wire instructions: ${JSON.stringify(instructions)}`)
  const wire: { iban: string } = instructions.result ? instructions.data : { iban: SANDBOX_RECEIVING_IBAN }
  const answer = await sendBankTransfer(t, bankSecret, { reference, amount, payerName, creditedIban: wire.iban })
  return { customer, reference, answer }
}

/** The sandbox bank partner's signed notice of a transfer naming the order, as the bank sends it (EUR). */
export async function sendBankTransfer(
  t: TestApp,
  bankSecret: string,
  transfer: { reference: string; amount: string; payerName?: string; creditedIban?: string },
) {
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(4).toString('hex')}`,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      amount: transfer.amount,
      currency: 'eur',
      payerName: transfer.payerName ?? 'Ada Lovelace',
      payerIban: 'CH9300762011623852957',
      paymentReference: transfer.reference,
      creditedIban: transfer.creditedIban ?? SANDBOX_RECEIVING_IBAN,
      receivedAt: t.clock.now().toISOString(),
    },
  })
  const signature = signNotice(Buffer.from(bankSecret), body, Math.floor(t.clock.now().getTime() / 1000))
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signature },
    payload: body,
  })
  return answer.json() as { result: boolean; outcome?: string }
}

/**
 * A customer who paid a 250 EUR wire order to their proven wallet and whose identity check the sandbox left for manual
 * review: the order waits in awaiting_checks for the identity. No instructions are given before the identity check
 * (decision 080): the transfer arrives anyway.
 */
export async function paidAndInReview(t: TestApp, bankSecret: string) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
  const { reference } = await wireOrderPaid(t, bankSecret, 'Ada Lovelace', customer, { arrivesAnyway: true })
  await verifyIdentity(t, customer.token, 'review', DOCUMENT_NAME)
  return { customer, reference }
}
