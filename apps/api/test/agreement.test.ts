import { AGREEMENT_VERSION, customerAgreement } from '@exchange/shared/agreement'
import { eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { agreementEvents, agreementSignings, signedAgreements } from '../src/db/tables/modules/agreement'
import { customers } from '../src/db/tables/modules/customers'
import { SANDBOX_ESIGN_SIGNATURE_HEADER } from '../src/providers/esign/sandbox-esign.provider'
import { signNotice } from '../src/providers/signed-notice'
import {
  ADA_DETAILS,
  COMPANY,
  buildTestApp,
  buyer,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  signAgreement,
  signUpVerified,
  storedOrder,
  useTestApp,
  wireOrderPaid,
} from './support'

const ESIGN_SECRET = 'test-esign-webhook-secret-0123456789'
const ENV = {
  ESIGN_WEBHOOK_SECRET: ESIGN_SECRET,
  BANK_WEBHOOK_SECRET: 'test-bank-webhook-secret-0123456789',
  JWT_SECRET: 'agreement-test-jwt-secret-0123456789-abcdefgh',
  DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
}

const t = useTestApp({ env: ENV })
beforeAll(async () => {
  await t.app.jobs.refreshRates()
})

/** A customer who has declared the source of funds: the agreement is the step left before an order. */
async function customerBeforeAgreement() {
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, id: row!.id }
}

const status = async (token: string, app = t) => (await callUser(app.app, 'agreementStatus', token)).body.data
const envelopeOf = (signingUrl: string) => new URL(signingUrl, 'http://sandbox').searchParams.get('envelope') ?? ''

function sandboxForm(fields: Record<string, string>, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/sandbox/esign/sign',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
}

/** A notice as the sandbox provider sends it, signed with `key` at the test clock's time (or `at`). */
function postNotice(
  envelopeId: string,
  { key = ESIGN_SECRET, at, id = `evt_esign_${randomBytes(6).toString('hex')}` } = {} as {
    key?: string
    at?: number
    id?: string
  },
) {
  const nowSeconds = Math.floor(t.clock.now().getTime() / 1000)
  const payload = JSON.stringify({
    id,
    type: 'envelope.completed',
    createdAt: t.clock.now().toISOString(),
    data: { envelopeId, signerIp: '203.0.113.9' },
  })
  return {
    payload,
    /** Sends the notice; `body` replaces what was signed (a notice changed on its way). */
    send: (body = payload) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/esign',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_ESIGN_SIGNATURE_HEADER]: signNotice(Buffer.from(key), payload, at ?? nowSeconds),
        },
        payload: body,
      }),
  }
}

describe('the agreement step', () => {
  it('refuses a buy naming the agreement, which the journey shows with its screen; agreementSum is zero', async () => {
    const customer = await customerBeforeAgreement()
    expect(await initiateBuy(t, customer.token)).toMatchObject({
      body: { result: false, error: 'step_required', step: 'agreement' },
    })
    const journey = (await callUser(t.app, 'journeyStatus', customer.token)).body.data
    expect(journey.next).toEqual({
      id: 'agreement',
      state: 'required',
      blocks: ['start_order', 'pay'],
      screen: '/dashboard-disclaimer',
    })
    expect(journey.blocked.start_order).toBe('agreement')
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.agreementSum).toBe('0.00')
    expect(await status(customer.token)).toEqual({
      version: AGREEMENT_VERSION,
      signed: false,
      latest: null,
      records: [],
    })
  })

  it('refuses to start without a name to sign with, or for another customer’s order, storing nothing', async () => {
    const customer = await customerBeforeAgreement()
    expect((await callUser(t.app, 'startDocusign', customer.token)).body).toMatchObject({
      result: false,
      error: 'validation_failed',
      fields: { signerName: 'Please enter your full name' },
    })
    expect((await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Ada' })).body).toMatchObject({
      result: false,
      error: 'validation_failed',
    })
    const other = await buyer(t)
    const { reference } = (await initiateBuy(t, other.token)).body.data
    expect(
      (
        await callUser(t.app, 'startDocusign', customer.token, {
          signerName: 'Ada Lovelace',
          orderReference: reference,
        })
      ).body,
    ).toMatchObject({ result: false, error: 'order_not_found' })
    expect(await t.db.select().from(agreementSignings).where(eq(agreementSignings.customerId, customer.id))).toEqual([])
  })
})

describe('signing in the sandbox', () => {
  it('shows the agreement, checks the typed name, stores the signed record encrypted, and the buy goes ahead', async () => {
    const customer = await customerBeforeAgreement()
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const started = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Somebody Else' })
    // The name in the customer's details is the one signed with.
    expect(started.body).toMatchObject({ result: true, data: { version: AGREEMENT_VERSION, sandbox: true } })
    const envelope = envelopeOf(started.body.data.signingUrl)
    expect(started.body.data.signingUrl).toBe(`/sandbox/esign/sign?envelope=${envelope}`)

    const page = await t.app.inject({ method: 'GET', url: started.body.data.signingUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('test environment')
    expect(page.body).toContain('Ada Lovelace')
    expect(page.body).toContain('13. Governing law and courts')
    expect(page.body).toContain(COMPANY.name)

    const wrongName = await sandboxForm({ envelope, action: 'sign', signedName: 'Ada Byron' })
    expect(wrongName.statusCode).toBe(400)
    expect(wrongName.body).toContain('The name must be Ada Lovelace.')
    expect((await status(customer.token)).latest.status).toBe('sent')

    const signed = await sandboxForm({ envelope, action: 'sign', signedName: '  ada   LOVELACE ' })
    expect(signed.statusCode).toBe(303)
    expect(signed.headers.location).toBe('/dashboard-returnagr')

    const after = await status(customer.token)
    expect(after).toMatchObject({ version: AGREEMENT_VERSION, signed: true, latest: { status: 'signed' } })
    expect(after.records).toEqual([
      {
        id: expect.any(String),
        version: AGREEMENT_VERSION,
        signedAt: t.clock.now().toISOString(),
        signerName: 'Ada Lovelace',
        fileName: `agreement-${AGREEMENT_VERSION}-signed-record.txt`,
        mediaType: 'text/plain',
        current: true,
        language: 'en',
      },
    ])
    const [row] = await t.db.select().from(signedAgreements).where(eq(signedAgreements.customerId, customer.id))
    expect(row).toMatchObject({ agreementVersion: AGREEMENT_VERSION, envelopeId: envelope, provider: 'sandbox' })
    expect(row!.signerIp).toBe('127.0.0.1')
    expect(row!.ciphertext.toString('utf8')).not.toContain('Ada Lovelace')

    const download = await t.app.inject({
      method: 'GET',
      url: `/v1/user/downloadAgreement?id=${after.records[0].id}`,
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(download.headers['content-disposition']).toContain(`agreement-${AGREEMENT_VERSION}-signed-record.txt`)
    expect(download.body).toContain(`Envelope:           ${envelope}`)
    expect(download.body).toContain('Signed by typing:   ada   LOVELACE')
    expect(download.body).toContain(`Agreement version:  ${AGREEMENT_VERSION}`)
    expect(download.body).toContain('Signer IP address:  127.0.0.1')
    expect(download.body).toContain('5. Delivery and custody')

    expect((await callUser(t.app, 'startDocusign', customer.token)).body).toMatchObject({
      result: false,
      error: 'step_done',
    })
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
  })

  it('downloads only the customer’s own record, and refuses a malformed id', async () => {
    const owner = await buyer(t)
    const [record] = (await status(owner.token)).records
    const stranger = await buyer(t)
    const get = (token: string, id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/user/downloadAgreement?id=${id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    expect((await get(stranger.token, record.id)).statusCode).toBe(404)
    expect((await get(owner.token, 'not-a-uuid')).json()).toMatchObject({ result: false, error: 'validation_failed' })
    expect((await t.app.inject({ method: 'GET', url: `/v1/user/downloadAgreement?id=${record.id}` })).statusCode).toBe(
      401,
    )
  })

  it('a declined envelope leaves the step owed, and a new start sends a new envelope', async () => {
    const customer = await customerBeforeAgreement()
    const first = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Grace Hopper' })
    const declined = await sandboxForm({ envelope: envelopeOf(first.body.data.signingUrl), action: 'decline' })
    expect(declined.statusCode).toBe(303)
    expect(await status(customer.token)).toMatchObject({ signed: false, latest: { status: 'declined' }, records: [] })
    expect((await initiateBuy(t, customer.token)).body).toMatchObject({ error: 'step_required', step: 'agreement' })
    t.clock.advance(60_000)
    const again = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Grace Hopper' })
    expect(envelopeOf(again.body.data.signingUrl)).not.toBe(envelopeOf(first.body.data.signingUrl))
    // Resuming before signing keeps the same envelope.
    const resumed = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Grace Hopper' })
    expect(resumed.body.data.signingUrl).toBe(again.body.data.signingUrl)
  })
})

describe('provider notices', () => {
  it('a forged, stale or replayed notice changes nothing', async () => {
    const customer = await customerBeforeAgreement()
    const started = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Ada Lovelace' })
    const envelope = envelopeOf(started.body.data.signingUrl)

    const forged = postNotice(envelope, { key: 'not-the-secret-at-all-0123456789' })
    expect((await forged.send()).statusCode).toBe(401)
    const stale = postNotice(envelope, { at: Math.floor(t.clock.now().getTime() / 1000) - 3600 })
    expect((await stale.send()).statusCode).toBe(401)
    const genuine = postNotice(envelope)
    const declinedInstead = genuine.payload.replace('envelope.completed', 'envelope.declined')
    expect((await genuine.send(declinedInstead)).statusCode).toBe(401)
    expect(await status(customer.token)).toMatchObject({ signed: false, latest: { status: 'sent' } })
    expect(await t.db.select().from(signedAgreements).where(eq(signedAgreements.customerId, customer.id))).toEqual([])

    // The sandbox page has not recorded a signature: its provider holds no signed document, so nothing is stored.
    expect((await genuine.send()).statusCode).toBe(503)
    expect(await status(customer.token)).toMatchObject({ signed: false })

    // Signed on the page; the page's notice is applied, and the same notice replayed is a duplicate.
    expect((await sandboxForm({ envelope, action: 'sign', signedName: 'Ada Lovelace' })).statusCode).toBe(303)
    const events = await t.db
      .select()
      .from(agreementEvents)
      .innerJoin(agreementSignings, eq(agreementSignings.id, agreementEvents.signingId))
      .where(eq(agreementSignings.customerId, customer.id))
    const applied = events.find((event) => event.agreement_events.type === 'notice_applied')
    expect(applied).toBeDefined()
    const replayKey = applied!.agreement_events.noticeKey!.replace('sandbox:', '')
    const replay = await postNotice(envelope, { id: replayKey }).send()
    expect(replay.json()).toEqual({ result: true, outcome: 'duplicate', duplicate: true })
    // A second, genuinely new notice for the decided envelope is recorded and changes nothing.
    expect((await postNotice(envelope).send()).json()).toMatchObject({ outcome: 'already_decided' })
    expect(await t.db.select().from(signedAgreements).where(eq(signedAgreements.customerId, customer.id))).toHaveLength(
      1,
    )
  })

  it('notices delivered at the same time record one signed agreement', async () => {
    const customer = await customerBeforeAgreement()
    const started = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Ada Lovelace' })
    const envelope = envelopeOf(started.body.data.signingUrl)
    // The signer signs on the provider's side; its notice is then delivered three times at once.
    await t.db.execute(
      sql`update sandbox_esign_envelopes set status = 'completed', signed_name = 'Ada Lovelace', signer_ip = '203.0.113.9', completed_at = now() where id = ${envelope}`,
    )
    const notice = postNotice(envelope, { id: 'evt_esign_concurrent' })
    const answers = await Promise.all([notice.send(), notice.send(), notice.send()])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate'])
    const rows = await t.db.select().from(signedAgreements).where(eq(signedAgreements.customerId, customer.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.signerIp).toBe('203.0.113.9')
  })

  it('the database refuses to change or delete a signed agreement or the trail', async () => {
    await buyer(t)
    for (const table of ['signed_agreements', 'agreement_events']) {
      await expect(t.db.execute(sql.raw(`update ${table} set created_at = created_at`))).rejects.toThrow()
      await expect(t.db.execute(sql.raw(`delete from ${table}`))).rejects.toThrow()
    }
  })
})

describe('the agreement in a language (decision 131)', () => {
  it('signed in French: the French version is signed, its record says French, and the buy goes ahead', async () => {
    const customer = await customerBeforeAgreement()
    const started = await callUser(t.app, 'startDocusign', customer.token, {
      signerName: 'Ada Lovelace',
      language: 'fr',
    })
    expect(started.body).toMatchObject({ result: true, data: { version: `${AGREEMENT_VERSION}-fr`, language: 'fr' } })
    const page = await t.app.inject({ method: 'GET', url: started.body.data.signingUrl })
    expect(page.body).toContain('13. Droit applicable et for')
    expect(page.body).toContain('Contrat client avec')
    const envelope = envelopeOf(started.body.data.signingUrl)
    expect((await sandboxForm({ envelope, action: 'sign', signedName: 'Ada Lovelace' })).statusCode).toBe(303)

    const after = await status(customer.token)
    expect(after).toMatchObject({ version: AGREEMENT_VERSION, signed: true })
    expect(after.records).toEqual([
      expect.objectContaining({ version: `${AGREEMENT_VERSION}-fr`, language: 'fr', current: true }),
    ])
    const [signing] = await t.db.select().from(agreementSignings).where(eq(agreementSignings.customerId, customer.id))
    const [record] = await t.db.select().from(signedAgreements).where(eq(signedAgreements.customerId, customer.id))
    expect(signing).toMatchObject({ agreementVersion: `${AGREEMENT_VERSION}-fr`, language: 'fr' })
    expect(record).toMatchObject({ agreementVersion: `${AGREEMENT_VERSION}-fr`, language: 'fr' })
    const [created] = await t.db
      .select()
      .from(agreementEvents)
      .where(sql`${agreementEvents.signingId} = ${signing!.id} and ${agreementEvents.type} = 'envelope_created'`)
    expect(created?.detail).toMatchObject({ language: 'fr', textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const german = await callUser(t.app, 'agreementStatus', customer.token, { language: 'de' })
    expect(german.body.data).toMatchObject({ version: `${AGREEMENT_VERSION}-de`, signed: true })
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
  })

  it('each language is a version of its own, with its own text', () => {
    const texts = (['en', 'de', 'fr', 'it'] as const).map((language) =>
      customerAgreement(COMPANY_WITH_SUPPORT, language),
    )
    expect(texts.map((text) => text.version)).toEqual([
      AGREEMENT_VERSION,
      `${AGREEMENT_VERSION}-de`,
      `${AGREEMENT_VERSION}-fr`,
      `${AGREEMENT_VERSION}-it`,
    ])
    expect(new Set(texts.map((text) => text.sections.map((section) => section.heading).join())).size).toBe(4)
    expect(texts.every((text) => text.sections.length === 13 && text.keyTerms.length === 6)).toBe(true)
  })

  it.each([[{ language: 'es' }], [{ language: 'FR' }], [{ language: 1 }]])(
    'startDocusign refuses %j with 400 and stores nothing',
    async (payload) => {
      const customer = await customerBeforeAgreement()
      const refused = await callUser(t.app, 'startDocusign', customer.token, { signerName: 'Ada Lovelace', ...payload })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        result: false,
        error: 'validation_failed',
        fields: { language: expect.any(String) },
      })
      expect(await t.db.select().from(agreementSignings).where(eq(agreementSignings.customerId, customer.id))).toEqual(
        [],
      )
    },
  )
})

describe('the amount covered', () => {
  it('agreementSum is the fiat of the orders paid under the agreement in force', async () => {
    const customer = await buyer(t)
    const { reference } = await wireOrderPaid(t, ENV.BANK_WEBHOOK_SECRET, 'Ada Lovelace', customer)
    const order = await storedOrder(t, reference)
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.agreementSum).toBe(order.fiatAmount)
  })
})

describe('a new version (the last tests: a second app on the same database)', () => {
  it('a new agreement version asks for a new signature before the next order; the old record stays', async () => {
    const customer = await buyer(t)
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
    const next = { ...customerAgreement(COMPANY_WITH_SUPPORT), version: `${AGREEMENT_VERSION}-next` }
    const second = await buildTestApp({ sameDatabaseAs: t, env: ENV, agreement: next, clock: t.clock })
    try {
      await second.app.jobs.refreshRates()
      expect(await initiateBuy(second, customer.token)).toMatchObject({
        body: { result: false, error: 'step_required', step: 'agreement' },
      })
      const before = await status(customer.token, second)
      expect(before).toMatchObject({ version: next.version, signed: false, latest: null })
      expect(before.records).toEqual([expect.objectContaining({ version: AGREEMENT_VERSION, current: false })])
      t.clock.advance(60_000)
      await signAgreement(second, customer.token)
      const after = await status(customer.token, second)
      expect(after.records.map((record: { version: string }) => record.version)).toEqual([
        next.version,
        AGREEMENT_VERSION,
      ])
      expect((await initiateBuy(second, customer.token)).body.result).toBe(true)
    } finally {
      await second.closeApp()
    }
  })
})

const COMPANY_WITH_SUPPORT = { ...COMPANY, supportEmail: 'support@helvex.example' }
