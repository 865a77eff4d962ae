import { and, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountEvents } from '../src/db/tables/modules/accounts'
import { agreementEvents, agreementSignings, signedAgreements } from '../src/db/tables/modules/agreement'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import { requestKeys } from '../src/db/tables/modules/request-keys'
import { sandboxEsignEnvelopes } from '../src/db/tables/providers/esign'
import {
  BRAND,
  BTC_WALLET,
  COMPANY,
  callUser,
  declareSourceOfFunds,
  mailTo,
  signAgreement,
  signUpVerified,
  uniqueEmail,
  useTestApp,
} from './support'

const t = useTestApp()
beforeAll(async () => {
  await t.app.jobs.refreshRates()
})

/** A call as a client sends it, with an Idempotency-Key when given; the answer as the client sees it. */
async function send(
  scope: 'public' | 'user',
  name: string,
  payload: Record<string, unknown>,
  { key, token }: { key?: string; token?: string } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/${scope}/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers: {
      ...(key !== undefined && { 'idempotency-key': key }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
  })
  await t.app.jobs.issueCodes()
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] }
}

/** A signed-in customer who may start an order: e-mail confirmed, source of funds declared, agreement signed. */
async function orderingCustomer() {
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, id: row!.id }
}

const ORDER = { amount: '250', assetId: 'btc_eur', wallet: BTC_WALLET }
const ordersOf = (customerId: string) => t.db.select().from(orders).where(eq(orders.customerId, customerId))
const keysOf = (key: string) => t.db.select().from(requestKeys).where(eq(requestKeys.key, key))

it('the api document names the Idempotency-Key header of the calls that take it', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json()
  for (const path of ['/v1/public/homesignup', '/v1/user/orderInitiateBuy'])
    expect(doc.paths[path].post.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    )
})

describe('orderInitiateBuy with an Idempotency-Key', () => {
  it('sent twice with one key, creates one order, and the retry is answered the same, marked as replayed', async () => {
    const customer = await orderingCustomer()
    const key = randomUUID()
    const first = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })
    // Time passes between a lost answer and the retry: the answer is the first one, its price and its expiry.
    t.clock.advance(30_000)
    const retry = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })

    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ result: true, data: { reference: expect.any(String) } })
    expect(first.replayed).toBeUndefined()
    expect(retry).toEqual({ ...first, replayed: 'true' })
    const stored = await ordersOf(customer.id)
    expect(stored.map((order) => order.reference)).toEqual([first.body.data.reference])
    expect(await keysOf(key)).toMatchObject([
      { call: '/v1/user/orderInitiateBuy', customerId: customer.id, outcome: first.body.data },
    ])
  })

  it('refuses the same key with another body (422 idempotency_key_reused) and stores nothing for it', async () => {
    const customer = await orderingCustomer()
    const key = randomUUID()
    const first = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })
    const other = await send('user', 'orderInitiateBuy', { ...ORDER, amount: '300' }, { key, token: customer.token })

    expect(other.status).toBe(422)
    expect(other.body).toEqual({ result: false, error: 'idempotency_key_reused' })
    expect((await ordersOf(customer.id)).map((order) => order.reference)).toEqual([first.body.data.reference])
    expect(await keysOf(key)).toHaveLength(1)
  })

  it('keeps nothing of a refused first request: the retry, once the customer may buy, makes the order', async () => {
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token)
    const key = randomUUID()
    const refused = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })
    expect(refused.body).toMatchObject({ result: false, error: 'step_required', step: 'agreement' })
    expect(await keysOf(key)).toEqual([])

    await signAgreement(t, customer.token)
    const retry = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })
    expect(retry.body).toMatchObject({ result: true, data: { reference: expect.any(String) } })
    expect(retry.replayed).toBeUndefined()
  })

  it("is one customer's: another customer's request with the same key makes that customer's own order", async () => {
    const [one, other] = [await orderingCustomer(), await orderingCustomer()]
    const key = randomUUID()
    const first = await send('user', 'orderInitiateBuy', ORDER, { key, token: one.token })
    const second = await send('user', 'orderInitiateBuy', ORDER, { key, token: other.token })
    expect(second.replayed).toBeUndefined()
    expect(second.body.data.reference).not.toBe(first.body.data.reference)
    expect(await ordersOf(other.id)).toHaveLength(1)
  })

  it('without the header, works as before: each request is an order of its own', async () => {
    const customer = await orderingCustomer()
    const answers = [
      await send('user', 'orderInitiateBuy', ORDER, { token: customer.token }),
      await send('user', 'orderInitiateBuy', ORDER, { token: customer.token }),
    ]
    expect(answers.map((answer) => answer.body.result)).toEqual([true, true])
    expect(await ordersOf(customer.id)).toHaveLength(2)
  })

  it.each([['short'], ['a key with spaces in it'], ['x'.repeat(65)], ['ключ-ключ-ключ-ключ']])(
    'refuses the key %j with the header named, and stores nothing',
    async (key) => {
      const customer = await orderingCustomer()
      const answer = await send('user', 'orderInitiateBuy', ORDER, { key, token: customer.token })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({
        result: false,
        error: 'validation_failed',
        fields: { 'idempotency-key': expect.any(String) },
      })
      expect(await ordersOf(customer.id)).toEqual([])
    },
  )
})

describe('sign-up with an Idempotency-Key', () => {
  const signUp = (email: string, key?: string, password = 'secret1') =>
    send('public', 'homesignup', { email, password, token: 'DIRECT', companyDetails: COMPANY }, { key })

  it('retried, answers the same success, and one account, one sign-up event and one code mail exist', async () => {
    const email = uniqueEmail('retried')
    const key = randomUUID()
    const first = await signUp(email, key)
    const retry = await signUp(email, key)

    expect(first).toEqual({ status: 200, body: { result: true }, replayed: undefined })
    expect(retry).toEqual({ status: 200, body: { result: true }, replayed: 'true' })
    expect(await t.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1)
    const events = await t.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.email, email), eq(accountEvents.type, 'signed_up')))
    expect(events).toHaveLength(1)
    expect(await mailTo(t.db, email)).toHaveLength(1)
  })

  it('keeps no password: the body is kept as a keyed digest only', async () => {
    const key = randomUUID()
    await signUp(uniqueEmail(), key, 'a-password-to-look-for')
    const [kept] = await keysOf(key)
    expect(kept).toMatchObject({
      call: '/v1/public/homesignup',
      customerId: null,
      bodyDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(JSON.stringify(kept)).not.toContain('a-password-to-look-for')
  })

  it('refuses the same key with another password, and the account keeps the first one', async () => {
    const email = uniqueEmail()
    const key = randomUUID()
    await signUp(email, key)
    const [before] = await t.db.select().from(customers).where(eq(customers.email, email))
    const other = await signUp(email, key, 'another-secret')
    expect(other).toMatchObject({ status: 422, body: { result: false, error: 'idempotency_key_reused' } })
    const [after] = await t.db.select().from(customers).where(eq(customers.email, email))
    expect(after?.passwordHash).toBe(before?.passwordHash)
  })

  it("without the header, or with a new key, a second sign-up of the e-mail answers 'user already exists' as before", async () => {
    const email = uniqueEmail()
    await signUp(email, randomUUID())
    expect((await signUp(email)).body).toEqual({ result: false, error: 'user already exists' })
    expect((await signUp(email, randomUUID())).body).toEqual({ result: false, error: 'user already exists' })
  })

  it('forgets a key after a day: the same request then runs as a new one', async () => {
    const email = uniqueEmail()
    const key = randomUUID()
    await signUp(email, key)
    t.clock.advance(23 * 3_600_000)
    await t.app.jobs.runQueued('forget-request-keys')
    expect(await keysOf(key)).toHaveLength(1)
    t.clock.advance(2 * 3_600_000)
    await t.app.jobs.runQueued('forget-request-keys')
    expect(await keysOf(key)).toEqual([])
    expect((await signUp(email, key)).body).toEqual({ result: false, error: 'user already exists' })
  })
})

describe('the sandbox signing page answered again', () => {
  async function startedSigning() {
    const customer = await signUpVerified(t)
    await declareSourceOfFunds(t, customer.token)
    const started = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Ada Lovelace' })
    const envelope = new URL(started.body.data.signingUrl as string, 'http://sandbox').searchParams.get('envelope')!
    return { customer, envelope }
  }
  const submit = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/esign/sign',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
  const signedOnce = async (envelope: string) => {
    const [signing] = await t.db.select().from(agreementSignings).where(eq(agreementSignings.envelopeId, envelope))
    return {
      status: signing?.status,
      agreements: await t.db.select().from(signedAgreements).where(eq(signedAgreements.envelopeId, envelope)),
      applied: await t.db
        .select()
        .from(agreementEvents)
        .where(and(eq(agreementEvents.signingId, signing!.id), eq(agreementEvents.type, 'notice_applied'))),
    }
  }

  it('the same signature submitted twice signs once, and both submissions go back to the exchange', async () => {
    const { envelope } = await startedSigning()
    const sign = { envelope, action: 'sign', signedName: 'Ada Lovelace' }
    const first = await submit(sign)
    const [recorded] = await t.db.select().from(sandboxEsignEnvelopes).where(eq(sandboxEsignEnvelopes.id, envelope))
    t.clock.advance(5_000)
    // Typed with other spacing and case, as a person types it again: the same name, the same answer.
    const again = await submit({ ...sign, signedName: ' ada  lovelace ' })

    expect([first.statusCode, again.statusCode]).toEqual([303, 303])
    expect(again.headers.location).toBe(first.headers.location)
    const [envelopeAfter] = await t.db
      .select()
      .from(sandboxEsignEnvelopes)
      .where(eq(sandboxEsignEnvelopes.id, envelope))
    expect(envelopeAfter).toEqual(recorded)
    const signed = await signedOnce(envelope)
    expect(signed.status).toBe('signed')
    expect(signed.agreements).toHaveLength(1)
    expect(signed.applied).toHaveLength(1)
  })

  it('a signature whose notice never reached the exchange is delivered by the repeated submission', async () => {
    const { customer, envelope } = await startedSigning()
    // The provider recorded the signature, and its process died before the notice left.
    await t.db
      .update(sandboxEsignEnvelopes)
      .set({ status: 'completed', signedName: 'Ada Lovelace', signerIp: '203.0.113.9', completedAt: t.clock.now() })
      .where(eq(sandboxEsignEnvelopes.id, envelope))
    expect((await callUser(t.app, 'agreementStatus', customer.token)).body.data.signed).toBe(false)

    const again = await submit({ envelope, action: 'sign', signedName: 'Ada Lovelace' })
    expect(again.statusCode).toBe(303)
    expect((await callUser(t.app, 'agreementStatus', customer.token)).body.data.signed).toBe(true)
    expect((await signedOnce(envelope)).agreements).toHaveLength(1)
  })

  it('another answer to a decided envelope is refused with 409 and changes nothing', async () => {
    const { envelope } = await startedSigning()
    await submit({ envelope, action: 'sign', signedName: 'Ada Lovelace' })
    const declined = await submit({ envelope, action: 'decline' })
    const otherName = await submit({ envelope, action: 'sign', signedName: 'Someone Else' })

    expect([declined.statusCode, otherName.statusCode]).toEqual([409, 409])
    expect(declined.body).toContain('This envelope is already signed.')
    const signed = await signedOnce(envelope)
    expect(signed.status).toBe('signed')
    expect(signed.agreements).toHaveLength(1)
  })

  it('a decline submitted twice is one decline, and goes back both times', async () => {
    const { envelope } = await startedSigning()
    const answers = [await submit({ envelope, action: 'decline' }), await submit({ envelope, action: 'decline' })]
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303])
    expect((await signedOnce(envelope)).status).toBe('declined')
    expect((await signedOnce(envelope)).agreements).toEqual([])
  })
})
