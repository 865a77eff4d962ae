import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerNameChanges, customers } from '../src/db/tables/modules/customers'
import { identityChecks, identityEvents } from '../src/db/tables/modules/identity'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { SANDBOX_IDV_SIGNATURE_HEADER } from '../src/providers/identity/sandbox-identity.provider'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  BTC_WALLET,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  proveWallet,
  signAgreement,
  signUpVerified,
  storedOrder,
  useTestApp,
  verifyIdentity,
  wireOrderPaid,
  EVERY_ROLE,
  useOperatorSession,
} from './support'

// Decision 090: the name payments are compared with is the verified document's, frozen with the approval; an approval
// whose document names someone other than the customer's declared name waits for a person.

const SECRET = 'test-bank-webhook-secret-0123456789'
const IDV_SECRET = 'idv-test-secret-0123456789'
const ENV = { BANK_WEBHOOK_SECRET: SECRET, IDV_WEBHOOK_SECRET: IDV_SECRET }

const t = useTestApp({ env: ENV })
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers

const approveAsOperator = (customerId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/operator/actions/approve-identity',
    headers: {
      ...operatorHeaders,
      'content-type': 'application/json',
    },
    payload: { customerId },
  })

/** A customer who declared `details` (Ada Lovelace's unless given), ready for the identity check. */
async function declared(details: Partial<typeof ADA_DETAILS> = {}) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
  const saved = await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, ...details })
  expect(saved.body).toEqual({ result: true })
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, customerId: row!.id }
}

async function checkOf(customerId: string) {
  const [check] = await t.db.select().from(identityChecks).where(eq(identityChecks.customerId, customerId))
  return check!
}

describe('the name on the verified document', () => {
  it('is stored with the approval when it is the declared name, accents and middle names aside', async () => {
    const customer = await declared({ firstName: 'Zoe', lastName: "O'Brien" })
    await verifyIdentity(t, customer.token, 'approved', { firstName: 'Zoë Augusta', lastName: "O'BRIEN" })
    expect(await checkOf(customer.customerId)).toMatchObject({
      status: 'approved',
      verifiedFirstName: 'Zoë Augusta',
      verifiedLastName: "O'BRIEN",
    })
    expect((await callUser(t.app, 'identityStatus', customer.token)).body.data).toMatchObject({ status: 'approved' })
  })

  it('sends an approval to a person when the document names someone else; paying stays closed meanwhile', async () => {
    const customer = await declared()
    await verifyIdentity(t, customer.token, 'approved', { firstName: 'Mallory', lastName: 'Attacker' })
    const check = await checkOf(customer.customerId)
    expect(check).toMatchObject({
      status: 'review',
      reasons: ['NAME_MISMATCH'],
      verifiedFirstName: 'Mallory',
      verifiedLastName: 'Attacker',
      decidedAt: null,
    })
    const [event] = await t.db
      .select()
      .from(identityEvents)
      .where(and(eq(identityEvents.checkId, check.id), eq(identityEvents.type, 'approval_held_for_name')))
    expect(event).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'review',
      detail: { reason: 'NAME_MISMATCH', documentName: { firstName: 'Mallory', lastName: 'Attacker' } },
    })
    // The customer is told the check is with a person, and no payment can be started.
    expect((await callUser(t.app, 'identityStatus', customer.token)).body.data).toMatchObject({ status: 'review' })
    const order = await initiateBuy(t, customer.token)
    const wire = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: order.body.data.reference,
      tlId: 'sandbox-bank-1',
    })
    expect(wire.body).toMatchObject({ result: false, error: 'step_required' })
    // The operator's list shows both names side by side.
    const page = await t.app.inject({
      method: 'GET',
      url: '/operator',
      headers: { ...operatorHeaders },
    })
    expect(page.body).toContain('NAME_MISMATCH')
    expect(page.body).toContain('declared name: Ada Lovelace; name on the document: Mallory Attacker')
  })

  it('is the name payers are compared with: a transfer from the account’s name but not the document’s is held', async () => {
    // An account named after someone else (Ada), verified with Mallory's document, approved by an operator anyway.
    const customer = await declared()
    await verifyIdentity(t, customer.token, 'approved', { firstName: 'Mallory', lastName: 'Attacker' })
    expect((await approveAsOperator(customer.customerId)).json()).toEqual({ result: true, decision: 'approved' })
    expect(await checkOf(customer.customerId)).toMatchObject({
      status: 'approved',
      verifiedFirstName: 'Mallory',
      verifiedLastName: 'Attacker',
    })

    // Ada's bank pays the order: the payer is the account's name, not the verified person's.
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
    const order = await storedOrder(t, reference)
    expect(order.status).toBe('payment_review')
    const [transfer] = await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order.id))
    expect(transfer).toMatchObject({ payerName: 'Ada Lovelace', outcome: 'held_name_mismatch' })
  })

  it('pays the order when the payer is the verified person', async () => {
    const customer = await declared()
    await verifyIdentity(t, customer.token)
    const { reference } = await wireOrderPaid(t, SECRET, 'LOVELACE ADA', customer)
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('freezes the name with the approval: a change afterwards is refused and nothing is stored', async () => {
    const customer = await declared()
    await verifyIdentity(t, customer.token)
    const renamed = await callUser(t.app, 'saveClientDetails', customer.token, {
      ...ADA_DETAILS,
      firstName: 'Victor',
      lastName: 'Person',
    })
    expect(renamed.body).toEqual({ result: false, error: 'name_locked' })
    const [row] = await t.db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customer.customerId))
    expect(row).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
    const names = await t.db
      .select()
      .from(customerNameChanges)
      .where(eq(customerNameChanges.customerId, customer.customerId))
    expect(names.map((change) => change.newFirstName)).toEqual(['Ada'])
  })

  it('a name given for the first time after the approval must be the document’s', async () => {
    const customer = await signUpVerified(t)
    await verifyIdentity(t, customer.token, 'approved', { firstName: 'Ada', lastName: 'Lovelace' })
    const other = await callUser(t.app, 'saveClientDetails', customer.token, {
      ...ADA_DETAILS,
      firstName: 'Victor',
      lastName: 'Person',
    })
    expect(other.body).toEqual({ result: false, error: 'name_locked' })
    const [before] = await t.db
      .select({ firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.email, customer.email))
    expect(before).toEqual({ firstName: null })
    const same = await callUser(t.app, 'saveClientDetails', customer.token, {
      ...ADA_DETAILS,
      firstName: 'ADA',
      lastName: 'Lovelace',
    })
    expect(same.body).toEqual({ result: true })
  })

  it('a page post without a name on the document is refused; a notice without one waits for a person', async () => {
    const customer = await declared()
    const started = await callUser(t.app, 'identityStart', customer.token)
    const applicant = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ applicant, outcome: 'approved', firstName: 'Ada', lastName: ' ' }).toString(),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Form not understood')
    expect((await checkOf(customer.customerId)).status).toBe('started')

    // The provider approves without having read a name (its notice alone): a person decides, with the declared name.
    const check = await checkOf(customer.customerId)
    const body = JSON.stringify({
      id: `evt_idv_${check.id.slice(0, 8)}`,
      type: 'applicant.reviewed',
      createdAt: t.clock.now().toISOString(),
      data: { applicantId: applicant, externalUserId: check.id, outcome: 'approved', reasons: [] },
    })
    const notice = await t.app.inject({
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
    expect(notice.statusCode).toBe(200)
    expect(await checkOf(customer.customerId)).toMatchObject({
      status: 'review',
      reasons: ['DOCUMENT_NAME_NOT_READ'],
      verifiedFirstName: null,
    })
    expect((await approveAsOperator(customer.customerId)).json()).toEqual({ result: true, decision: 'approved' })
    expect(await checkOf(customer.customerId)).toMatchObject({
      status: 'approved',
      verifiedFirstName: 'Ada',
      verifiedLastName: 'Lovelace',
      decidedBy: 'ops.anna',
    })
  })
})
