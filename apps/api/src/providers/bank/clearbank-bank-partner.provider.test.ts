import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { UnreadableBankNotice } from './bank-partner.provider'
import { ClearBankError, type ClearBankOptions, createClearBankPartner } from './clearbank-bank-partner.provider'

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')
const VIRTUAL_ACCOUNT_CREATED = fixture('clearbank-virtual-account-created.json')
const FPS_CREDIT = JSON.parse(fixture('clearbank-transaction-settled-fps.json')) as {
  Payload: Record<string, unknown>
  Nonce: number
}
const MCCY_CREDIT = JSON.parse(fixture('clearbank-mccy-transaction-settled.json')) as {
  Payload: Record<string, unknown>
  Nonce: number
}

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
/** Our institution's key (registered with ClearBank) and ClearBank's webhook key. */
const ours = rsa()
const clearbanks = rsa()
const someoneElse = rsa()

const API_TOKEN = 'cb-api-token-recorded-0123456789'
const PARENT_ID = '5602a737-675f-4c85-bbc1-d5d4b4478e64'
const GBP_ACCOUNT = 'GB59CLRB04066500001111'
const EUR_ACCOUNT = 'GB35CLRB04066500002222'

interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: string
}

/** A fetch that answers recorded responses in turn and keeps what it was asked. */
function recordedFetch(...answers: (Response | Error)[]) {
  const calls: Call[] = []
  const impl = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: String(init?.body ?? ''),
    })
    const answer = answers.shift()
    if (!answer) throw new Error('no recorded answer left')
    if (answer instanceof Error) throw answer
    return answer
  }
  return { fetch: impl as typeof fetch, calls }
}

const json = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-1' } })

function partner(overrides: Partial<ClearBankOptions> = {}) {
  return createClearBankPartner({
    environment: 'simulation',
    apiToken: API_TOKEN,
    privateKeyPem: ours.privateKey,
    webhookPublicKeyPem: clearbanks.publicKey,
    receivingIbans: { gbp: GBP_ACCOUNT, eur: EUR_ACCOUNT },
    virtualAccountsParentId: PARENT_ID,
    virtualIbanFiats: ['eur'],
    holder: 'Helvex Digital Markets AG',
    ...overrides,
  })
}

/** A webhook as ClearBank posts it: the body signed with its key (RSA, SHA-256, PKCS#1 v1.5, Base64). */
function webhook(body: string, key = clearbanks.privateKey) {
  return {
    rawBody: body,
    headers: { digitalsignature: sign('sha256', Buffer.from(body), key).toString('base64') },
    path: '/v1/webhooks/bank-partner',
    nowSeconds: 1_795_000_000,
  }
}

const envelope = (type: string, payload: unknown, nonce: number | string = 1_448_545_215) =>
  `{"Type":"${type}","Version":6,"Payload":${JSON.stringify(payload)},"Nonce":${nonce}}`
const signedBy = (publicKey: string, body: string, signature: string) =>
  verify('sha256', Buffer.from(body), publicKey, Buffer.from(signature, 'base64'))

describe('ClearBank adapter: virtual IBANs (recorded answers)', () => {
  it("opens a virtual account in the customer's name with a signed request and answers its IBAN with ClearBank's details", async () => {
    const { fetch, calls } = recordedFetch(json(VIRTUAL_ACCOUNT_CREATED, 201))
    const account = await partner({ fetch }).issueVirtualIban({ customerId: 'c-1', customerName: 'Ada Lovelace' })
    expect(account).toEqual({
      iban: 'GB02CLRB04066512345678',
      bic: 'CLRBGB22',
      holder: 'Ada Lovelace',
      bankName: 'ClearBank Ltd',
      bankAddress: '133 Houndsditch, London EC3A 7BX, United Kingdom',
    })

    const [call] = calls
    expect(call).toMatchObject({
      url: 'https://institution-api-sim.clearbank.co.uk/mccy/v1/VirtualAccounts',
      method: 'POST',
    })
    expect(JSON.parse(call!.body)).toEqual({ accountId: PARENT_ID, virtualAccount: { owner: 'Ada Lovelace' } })
    expect(call!.headers.authorization).toBe(`Bearer ${API_TOKEN}`)
    expect(call!.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
    expect(signedBy(ours.publicKey, call!.body, call!.headers.digitalsignature!)).toBe(true)
    expect(signedBy(someoneElse.publicKey, call!.body, call!.headers.digitalsignature!)).toBe(false)
  })

  it('uses the production address when configured for production', async () => {
    const { fetch, calls } = recordedFetch(json(VIRTUAL_ACCOUNT_CREATED, 201))
    await partner({ fetch, environment: 'production' }).issueVirtualIban({
      customerId: 'c-1',
      customerName: 'Ada Lovelace',
    })
    expect(calls[0]!.url).toBe('https://institution-api.clearbank.co.uk/mccy/v1/VirtualAccounts')
  })

  it('tries a 5xx once more with the same request id and body, as ClearBank asks', async () => {
    const { fetch, calls } = recordedFetch(
      json('{"title":"Service unavailable","status":503}', 503),
      json(VIRTUAL_ACCOUNT_CREATED, 201),
    )
    const account = await partner({ fetch }).issueVirtualIban({ customerId: 'c-1', customerName: 'Ada Lovelace' })
    expect(account.iban).toBe('GB02CLRB04066512345678')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.headers['x-request-id']).toBe(calls[0]!.headers['x-request-id'])
    expect(calls[1]!.body).toBe(calls[0]!.body)
  })

  it('tries a 429 once more too', async () => {
    const { fetch, calls } = recordedFetch(
      json('{"title":"Too Many Requests","status":429}', 429),
      json(VIRTUAL_ACCOUNT_CREATED, 201),
    )
    expect((await partner({ fetch }).issueVirtualIban({ customerId: 'c-1', customerName: 'Ada Lovelace' })).iban).toBe(
      'GB02CLRB04066512345678',
    )
    expect(calls).toHaveLength(2)
  })

  it('gives up on a request that takes longer than the time limit, after one more try', async () => {
    let asked = 0
    // Never answers; gives up only when the request's signal aborts, as fetch does.
    const hanging = ((_url: string, init?: RequestInit) => {
      asked += 1
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      )
    }) as unknown as typeof fetch
    await expect(
      partner({ fetch: hanging, timeoutMs: 30 }).issueVirtualIban({ customerId: 'c-1', customerName: 'Ada' }),
    ).rejects.toThrow('ClearBank did not answer /mccy/v1/VirtualAccounts: TimeoutError')
    expect(asked).toBe(2)
  })

  it('does not retry a refusal and reports its status and title without the token', async () => {
    const problem = JSON.stringify({ type: 'about:blank', title: 'Invalid DigitalSignature Header', status: 400 })
    const { fetch, calls } = recordedFetch(json(problem, 400))
    const failure = await partner({ fetch })
      .issueVirtualIban({ customerId: 'c-1', customerName: 'Ada Lovelace' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ClearBankError)
    expect((failure as ClearBankError).message).toBe(
      'ClearBank answered 400 to /mccy/v1/VirtualAccounts: Invalid DigitalSignature Header',
    )
    expect((failure as ClearBankError).message).not.toContain(API_TOKEN)
    expect(calls).toHaveLength(1)
  })

  it('fails when ClearBank does not answer twice, or answers without a valid IBAN', async () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' })
    await expect(
      partner({ fetch: recordedFetch(timeout, timeout).fetch }).issueVirtualIban({
        customerId: 'c-1',
        customerName: 'Ada',
      }),
    ).rejects.toThrow('ClearBank did not answer /mccy/v1/VirtualAccounts: TimeoutError')
    const noIban = JSON.stringify({ id: 'x', identifiers: [{ identifier: 'GB00CLRB04066512345678', kind: 'Iban' }] })
    await expect(
      partner({ fetch: recordedFetch(json(noIban, 201)).fetch }).issueVirtualIban({
        customerId: 'c-1',
        customerName: 'Ada',
      }),
    ).rejects.toThrow(/without a valid IBAN/)
  })

  it("lists the configured receiving accounts in the company's name and none for other fiats", () => {
    const bank = partner()
    expect(bank.receivingAccount('gbp')).toEqual({
      iban: GBP_ACCOUNT,
      bic: 'CLRBGB22',
      holder: 'Helvex Digital Markets AG',
      bankName: 'ClearBank Ltd',
      bankAddress: expect.stringContaining('London'),
    })
    expect(bank.receivingAccount('eur')?.iban).toBe(EUR_ACCOUNT)
    expect(bank.receivingAccount('chf')).toBeUndefined()
    expect(bank).toMatchObject({ kind: 'clearbank', sandbox: false })
  })
})

describe('ClearBank adapter: webhooks', () => {
  it('reads a Faster Payments credit and answers its nonce, signed with our key', async () => {
    const body = JSON.stringify(FPS_CREDIT)
    const notice = await partner().verifyNotification(webhook(body))
    expect(notice?.transfer).toEqual({
      transferId: 'd9162680-7d35-7994-4e38-fa80716899a2',
      amount: '88.52',
      currency: 'gbp',
      payerName: 'ADA LOVELACE',
      // Only the payer's UK BBAN is sent: the IBAN is made from it; the credited IBAN's bad check digits are ignored for its BBAN.
      payerIban: 'GB29NWBK60161331926819',
      paymentReference: 'ORDER ABCDEFGH23',
      creditedIban: GBP_ACCOUNT,
      receivedAt: new Date('2026-11-22T10:03:00.964Z'),
    })
    expect(notice?.acknowledgement?.body).toBe('{"Nonce":949893874}')
    expect(
      signedBy(ours.publicKey, notice!.acknowledgement!.body, notice!.acknowledgement!.headers.DigitalSignature!),
    ).toBe(true)
  })

  it('refuses a notice signed by another key, a changed body and a missing signature', async () => {
    const body = JSON.stringify(FPS_CREDIT)
    const bank = partner()
    expect(await bank.verifyNotification(webhook(body, someoneElse.privateKey))).toBeUndefined()
    const genuine = webhook(body)
    expect(await bank.verifyNotification({ ...genuine, rawBody: body.replace('88.52', '8852.00') })).toBeUndefined()
    expect(await bank.verifyNotification({ ...genuine, headers: {} })).toBeUndefined()
    expect(
      await bank.verifyNotification({ ...genuine, headers: { digitalsignature: 'bm90IGEgc2lnbmF0dXJl' } }),
    ).toBeUndefined()
  })

  it('acknowledges outgoing payments, returns and other events without acting on them', async () => {
    const bank = partner()
    const debit = await bank.verifyNotification(
      webhook(envelope('TransactionSettled', { ...FPS_CREDIT.Payload, DebitCreditCode: 'Debit', Amount: -88.52 })),
    )
    expect(debit).toMatchObject({
      transfer: null,
      ignoredBecause: 'an outgoing payment',
      acknowledgement: { body: '{"Nonce":1448545215}' },
    })
    const returned = await bank.verifyNotification(
      webhook(envelope('TransactionSettled', { ...FPS_CREDIT.Payload, IsReturn: true })),
    )
    expect(returned?.transfer).toBeNull()
    const test = await bank.verifyNotification(
      webhook('{"Type":"FITestEvent","Version":1,"Payload":"test me","Nonce":1448545215}'),
    )
    expect(test).toMatchObject({
      transfer: null,
      ignoredBecause: 'a FITestEvent event',
      acknowledgement: { body: '{"Nonce":1448545215}' },
    })
  })

  it('echoes a nonce too large for a double digit for digit', async () => {
    const notice = await partner().verifyNotification(
      webhook('{"Type":"FITestEvent","Version":1,"Payload":"test me","Nonce":9007199254740993}'),
    )
    expect(notice?.acknowledgement?.body).toBe('{"Nonce":9007199254740993}')
  })

  it('reads a multi-currency credit to a virtual IBAN, and leaves a payment out of our own account alone', async () => {
    const bank = partner()
    const credit = await bank.verifyNotification(webhook(JSON.stringify(MCCY_CREDIT)))
    expect(credit?.transfer).toEqual({
      transferId: '7f3c2d1e-0a9b-4c8d-8e7f-6a5b4c3d2e1f',
      amount: '250.00',
      currency: 'eur',
      payerName: 'Ada Lovelace',
      payerIban: 'DE89370400440532013000',
      paymentReference: 'My payment reference 12345',
      creditedIban: 'GB02CLRB04066512345678',
      receivedAt: new Date('2026-11-22T10:00:05.000Z'),
    })
    expect(credit?.acknowledgement?.body).toBe('{"Nonce":8530454988}')

    const refundSent = {
      ...MCCY_CREDIT.Payload,
      UltimateDebtorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: EUR_ACCOUNT }],
      UltimateCreditorAccountIdentifiers: [{ Kind: 'IBAN', Identifier: 'DE89370400440532013000' }],
    }
    expect(
      await bank.verifyNotification(webhook(envelope('Payments.Mccy.TransactionSettled', refundSent))),
    ).toMatchObject({ transfer: null, ignoredBecause: 'an outgoing payment' })
  })

  it('acknowledges a credit in a currency not sold here without acting on it', async () => {
    const notice = await partner().verifyNotification(
      webhook(envelope('Payments.Mccy.TransactionSettled', { ...MCCY_CREDIT.Payload, InstructedCurrency: 'SEK' })),
    )
    expect(notice).toMatchObject({ transfer: null, ignoredBecause: 'a credit in SEK, a currency not sold here' })
  })

  it('refuses to guess at a signed credit it cannot read, so that ClearBank retries', async () => {
    const bank = partner()
    const withoutAmount = { ...FPS_CREDIT.Payload }
    delete withoutAmount.Amount
    await expect(bank.verifyNotification(webhook(envelope('TransactionSettled', withoutAmount)))).rejects.toThrow(
      UnreadableBankNotice,
    )
    await expect(
      bank.verifyNotification(webhook(envelope('TransactionSettled', { ...FPS_CREDIT.Payload, Amount: 10.005 }))),
    ).rejects.toThrow(/at most two decimals/)
    await expect(
      bank.verifyNotification(
        webhook(envelope('TransactionSettled', { ...FPS_CREDIT.Payload, CounterpartAccount: { OwnerName: 'Ada' } })),
      ),
    ).rejects.toThrow(/no usable IBAN/)
    await expect(bank.verifyNotification(webhook('{"Type":'))).rejects.toThrow(UnreadableBankNotice)
  })
})
