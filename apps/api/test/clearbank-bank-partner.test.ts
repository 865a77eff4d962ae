import { eq } from 'drizzle-orm'
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { virtualIbans } from '../src/db/tables/modules/payments'
import { createClearBankPartner } from '../src/providers/bank/clearbank-bank-partner.provider'
import {
  ADA_DETAILS,
  buildTestApp,
  buyer,
  callUser,
  initiateBuy,
  mailTo,
  payableBuyer,
  storedOrder,
  type TestApp,
} from './support'

/** The app with ClearBank as bank partner: its api answers are recorded ones, its webhooks signed with a test key. */
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
const ours = rsa()
const clearbanks = rsa()
const GBP_ACCOUNT = 'GB59CLRB04066500001111'
const EUR_ACCOUNT = 'GB35CLRB04066500002222'
const VIRTUAL_ACCOUNT_CREATED = readFileSync(
  new URL('../src/providers/bank/__fixtures__/clearbank-virtual-account-created.json', import.meta.url),
  'utf8',
)
const FPS_CREDIT = JSON.parse(
  readFileSync(
    new URL('../src/providers/bank/__fixtures__/clearbank-transaction-settled-fps.json', import.meta.url),
    'utf8',
  ),
) as { Payload: Record<string, unknown> }
const MCCY_CREDIT = JSON.parse(
  readFileSync(
    new URL('../src/providers/bank/__fixtures__/clearbank-mccy-transaction-settled.json', import.meta.url),
    'utf8',
  ),
) as { Payload: Record<string, unknown> }

/** What ClearBank's api answers next: a recorded answer, or no answer at all. */
const answers: (() => Response)[] = []
let asked = 0
const recordedFetch = (async () => {
  asked += 1
  const next = answers.shift()
  if (!next) throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'TypeError' })
  return next()
}) as unknown as typeof fetch

let t: TestApp
const logLines: string[] = []
beforeAll(async () => {
  const bankPartner = createClearBankPartner({
    environment: 'simulation',
    apiToken: 'cb-api-token-recorded',
    privateKeyPem: ours.privateKey,
    webhookPublicKeyPem: clearbanks.publicKey,
    receivingIbans: { gbp: GBP_ACCOUNT, eur: EUR_ACCOUNT },
    virtualAccountsParentId: '5602a737-675f-4c85-bbc1-d5d4b4478e64',
    virtualIbanFiats: ['eur'],
    holder: 'Helvex Digital Markets AG',
    fetch: recordedFetch,
  })
  t = await buildTestApp({ bankPartner, logLines, env: { LOG_LEVEL: 'info' } })
})
afterAll(() => t.close())

async function namedBuyer() {
  const customer = await buyer(t)
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  return customer
}

/** Posts a ClearBank webhook, signed with ClearBank's key unless told otherwise. */
async function clearBankWebhook(
  type: string,
  payload: Record<string, unknown>,
  options: { key?: string; nonce?: number } = {},
) {
  const body = JSON.stringify({
    Type: type,
    Version: type === 'TransactionSettled' ? 6 : 1,
    Payload: payload,
    Nonce: options.nonce ?? 1_448_545_215,
  })
  const signature = sign('sha256', Buffer.from(body), options.key ?? clearbanks.privateKey).toString('base64')
  return t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: { 'content-type': 'application/json', DigitalSignature: signature },
    payload: body,
  })
}

function expectSignedNonce(response: Awaited<ReturnType<typeof clearBankWebhook>>, nonce: number) {
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(`{"Nonce":${nonce}}`)
  const signature = response.headers.digitalsignature
  expect(typeof signature).toBe('string')
  expect(verify('sha256', Buffer.from(response.body), ours.publicKey, Buffer.from(signature as string, 'base64'))).toBe(
    true,
  )
}

const transfersTo = (iban: string) =>
  t.db.select().from(incomingTransfers).where(eq(incomingTransfers.creditedIban, iban))

describe('ClearBank as bank partner', () => {
  it('issues the virtual IBAN through ClearBank once, and a credit to it pays the order, answered with the signed nonce', async () => {
    const customer = await namedBuyer()
    answers.push(
      () => new Response(VIRTUAL_ACCOUNT_CREATED, { status: 201, headers: { 'content-type': 'application/json' } }),
    )
    const viban = await callUser(t.app, 'orderGetViban', customer.token)
    expect(viban.body.data).toMatchObject({
      iban: 'GB02CLRB04066512345678',
      bic: 'CLRBGB22',
      holder: 'Ada Lovelace',
      bankName: 'ClearBank Ltd',
      sandbox: false,
    })
    const [stored] = await t.db.select().from(virtualIbans).where(eq(virtualIbans.iban, 'GB02CLRB04066512345678'))
    expect(stored).toMatchObject({ provider: 'clearbank', holder: 'Ada Lovelace' })
    const askedBefore = asked
    expect((await callUser(t.app, 'orderGetViban', customer.token)).body.data.iban).toBe('GB02CLRB04066512345678')
    expect(asked).toBe(askedBefore)

    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect((await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: reference })).body.result).toBe(
      true,
    )

    const transactionId = randomUUID()
    const credit = {
      ...MCCY_CREDIT.Payload,
      TransactionId: transactionId,
      InstructedAmount: 250,
      Reference: `Order ${reference}`,
      TimestampSettled: t.clock.now().toISOString(),
    }
    const answer = await clearBankWebhook('Payments.Mccy.TransactionSettled', credit, { nonce: 8_530_454_988 })
    expectSignedNonce(answer, 8_530_454_988)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    const [transfer] = await t.db
      .select()
      .from(incomingTransfers)
      .where(eq(incomingTransfers.providerTransferId, transactionId))
    expect(transfer).toMatchObject({
      outcome: 'matched',
      amount: '250.00',
      currency: 'eur',
      payerIban: 'DE89370400440532013000',
      payerName: 'Ada Lovelace',
    })
    expect((await mailTo(t.db, customer.email)).map((mail) => mail.template)).toContain('order_paid')

    // ClearBank delivers at least once: the same transaction again is acknowledged and changes nothing.
    expectSignedNonce(await clearBankWebhook('Payments.Mccy.TransactionSettled', credit, { nonce: 77 }), 77)
    expect(
      await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.providerTransferId, transactionId)),
    ).toHaveLength(1)
  })

  it('offers the virtual IBAN only for the fiats its account holds', async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token, { assetId: 'btc_gbp', amount: '200' })).body.data
    const askedBefore = asked
    expect((await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: reference })).body).toEqual({
      result: false,
      error: 'method_unavailable',
    })
    expect(asked).toBe(askedBefore)
    expect((await storedOrder(t, reference)).status).toBe('initiated')
  })

  it("gives ClearBank's receiving account for a wire in GBP, and a Faster Payments credit with the reference pays it", async () => {
    const customer = await namedBuyer()
    const { reference } = (await initiateBuy(t, customer.token, { assetId: 'btc_gbp', amount: '200' })).body.data
    const wire = (
      await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
    ).body.data
    expect(wire).toMatchObject({
      iban: GBP_ACCOUNT,
      bic: 'CLRBGB22',
      holder: 'Helvex Digital Markets AG',
      reference,
      amount: '200.00',
      currency: 'gbp',
      sandbox: false,
    })

    const transactionId = randomUUID()
    const credit = {
      ...FPS_CREDIT.Payload,
      TransactionId: transactionId,
      Amount: 200,
      Reference: reference,
      TimestampSettled: t.clock.now().toISOString(),
    }
    const answer = await clearBankWebhook('TransactionSettled', credit)
    expectSignedNonce(answer, 1_448_545_215)
    expect((await storedOrder(t, reference)).status).toBe('completed')
    expect(
      (await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.providerTransferId, transactionId)))[0],
    ).toMatchObject({ outcome: 'matched', creditedIban: GBP_ACCOUNT, payerIban: 'GB29NWBK60161331926819' })
  })

  it('refuses a webhook not signed by ClearBank and stores nothing', async () => {
    const before = (await transfersTo(EUR_ACCOUNT)).length
    const forged = await clearBankWebhook(
      'Payments.Mccy.TransactionSettled',
      {
        ...MCCY_CREDIT.Payload,
        TransactionId: randomUUID(),
        UltimateCreditorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: EUR_ACCOUNT }],
      },
      { key: ours.privateKey },
    )
    expect(forged.statusCode).toBe(401)
    expect(forged.headers.digitalsignature).toBeUndefined()
    expect(await transfersTo(EUR_ACCOUNT)).toHaveLength(before)
  })

  it('acknowledges an outgoing payment without recording a transfer', async () => {
    const transactionId = randomUUID()
    const debit = await clearBankWebhook('TransactionSettled', {
      ...FPS_CREDIT.Payload,
      TransactionId: transactionId,
      DebitCreditCode: 'Debit',
    })
    expectSignedNonce(debit, 1_448_545_215)
    expect(
      await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.providerTransferId, transactionId)),
    ).toHaveLength(0)
  })

  it('answers a signed credit it cannot read with 400, so ClearBank retries, and records nothing', async () => {
    const transactionId = randomUUID()
    const unreadable = await clearBankWebhook('TransactionSettled', {
      ...FPS_CREDIT.Payload,
      TransactionId: transactionId,
      Amount: 'lots',
    })
    expect(unreadable.statusCode).toBe(400)
    expect(
      await t.db.select().from(incomingTransfers).where(eq(incomingTransfers.providerTransferId, transactionId)),
    ).toHaveLength(0)
  })

  it('tells the customer to try again when ClearBank does not answer, and stores no virtual IBAN', async () => {
    const customer = await namedBuyer()
    answers.length = 0
    const issuedBefore = (await t.db.select().from(virtualIbans)).length
    logLines.length = 0
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/user/orderGetViban',
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { brandName: 'Helvex' },
    })
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['retry-after']).toBe('30')
    expect(answer.json()).toEqual({ result: false, error: 'provider_unavailable', retryAfterSeconds: 30 })
    // The cause is for the log only, and carries no credential.
    expect(answer.body).not.toContain('ClearBank')
    const logged = logLines
      .map((line) => JSON.parse(line) as { level: number; code?: string; err?: { message?: string } })
      .find((line) => line.code === 'provider_unavailable')
    expect(logged).toMatchObject({
      level: 50,
      err: { message: 'ClearBank did not answer /mccy/v1/VirtualAccounts: TypeError' },
    })
    expect(logLines.join('\n')).not.toContain('cb-api-token-recorded')
    expect(await t.db.select().from(virtualIbans)).toHaveLength(issuedBefore)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect((await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: reference })).body.error).toBe(
      'provider_unavailable',
    )
    expect((await storedOrder(t, reference)).status).toBe('initiated')
  })

  it('serves no sandbox bank page when the live partner is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/bank-partner' })).statusCode).toBe(404)
  })
})

describe('ClearBank chosen by configuration', () => {
  it('builds the app with BANK_PARTNER=clearbank and answers its receiving account for a wire', async () => {
    const configured = await buildTestApp({
      env: {
        BANK_PARTNER: 'clearbank',
        CLEARBANK_API_TOKEN: 'cb-api-token',
        CLEARBANK_PRIVATE_KEY_PEM: ours.privateKey,
        CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: clearbanks.publicKey,
        CLEARBANK_RECEIVING_IBANS: JSON.stringify({ eur: EUR_ACCOUNT }),
        CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID: '5602a737-675f-4c85-bbc1-d5d4b4478e64',
      },
    })
    try {
      const customer = await payableBuyer(configured)
      const { reference } = (await initiateBuy(configured, customer.token)).body.data
      const wire = await callUser(configured.app, 'orderSubmitWire', customer.token, {
        orderReference: reference,
        tlId: 'sandbox-bank-1',
      })
      expect(wire.body.data).toMatchObject({
        iban: EUR_ACCOUNT,
        bic: 'CLRBGB22',
        bankName: 'ClearBank Ltd',
        sandbox: false,
      })
      // A notice in the sandbox bank's scheme is not ClearBank's: refused.
      const sandboxStyle = await configured.app.inject({
        method: 'POST',
        url: '/v1/webhooks/bank-partner',
        headers: { 'content-type': 'application/json', 'x-bank-signature': 't=1,v1=00' },
        payload: '{}',
      })
      expect(sandboxStyle.statusCode).toBe(401)
    } finally {
      await configured.close()
    }
  })
})
