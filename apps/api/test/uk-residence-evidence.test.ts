import { CustomerFileSchema } from '@exchange/shared/back-office.schemas'
import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import { UK_CATEGORISATION_STATEMENTS, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { count, eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { customerResidenceChanges, customers } from '../src/db/tables/modules/customers'
import { documentReviews } from '../src/db/tables/modules/documents'
import { operatorActions } from '../src/db/tables/modules/operator'
import { ukCategorisations, ukCoolingOffStarts, ukRiskWarningDecisions } from '../src/db/tables/modules/uk-steps'
import { createBrandService } from '../src/modules/brand/brand.service'
import { createCustomerService } from '../src/modules/customers/customers.service'
import { createDocumentReviews } from '../src/modules/documents/document-reviews'
import {
  ADA_DETAILS,
  BRAND,
  BTC_WALLET,
  type TestApp,
  brandFile,
  buildTestApp,
  declareSourceOfFunds,
  multipart,
  signAgreement,
  signUpVerified,
  useTestApp,
  EVERY_ROLE,
  useOperatorSession,
} from './support'

/** The trusted edge's country header: each call says where its connection comes from. */
const EDGE = 'cf-ipcountry'
const MINUTE = 60_000
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(300),
])
const refusedAt = (step: string) => ({ result: false, error: 'step_required', step })

/** An app of the tests' own brand (UK mode `residence`) whose visitor country is the edge header of each call. */
const residenceApp = (ukCheckMode = 'residence') =>
  buildTestApp({
    env: {
      BRAND_FILE: brandFile({ ukCheckMode }),
      // Without the header a call comes from 127.0.0.1, in no database: an unknown country, the UK (decision 040).
      GEOIP_PROVIDER: 'database',
      GEOIP_EDGE_HEADER: EDGE,
    },
  })

const t = useTestApp(() => residenceApp())
beforeAll(async () => {
  await t.app.jobs.refreshRates()
})
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers

/** A customer's call from a connection in `country`. */
async function from(country: string, name: string, token: string, payload: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/user/${name}`,
    headers: { authorization: `Bearer ${token}`, [EDGE]: country },
    payload: { brandName: BRAND, ...payload },
  })
  return response.json()
}

/** A signed-up customer who declared the source of funds and signed the agreement; no residence yet. */
async function customer(app: TestApp = t) {
  const signedUp = await signUpVerified(app)
  await declareSourceOfFunds(app, signedUp.token)
  await signAgreement(app, signedUp.token)
  const [row] = await app.db.select({ id: customers.id }).from(customers).where(eq(customers.email, signedUp.email))
  return { ...signedUp, id: row!.id }
}

const declare = (country: string, residence: string, token: string) =>
  from(country, 'saveClientDetails', token, {
    ...ADA_DETAILS,
    country: residence,
    ...(residence === 'GB' && { postal: 'SW1A 1AA' }),
  })

/** A buy request at the current rates (the test clock moves past older ones). */
async function buy(country: string, token: string) {
  await t.app.jobs.refreshRates()
  return from(country, 'orderInitiateBuy', token, { amount: '250', assetId: 'btc_eur', wallet: BTC_WALLET })
}

/** What the customer sees of the UK steps from a connection in `country`: the status's answer and the journey's. */
async function ukStepsSeen(country: string, token: string) {
  const isUk = (await from(country, 'ukStepsStatus', token)).data.isUk as boolean
  const journey = (await from(country, 'journeyStatus', token)).data as {
    steps: { id: string; state: string }[]
    blocked: { start_order: string | null }
  }
  return {
    isUk,
    steps: journey.steps.filter((step) => step.id.startsWith('uk_')).map((step) => `${step.id}:${step.state}`),
    blocksBuying: journey.blocked.start_order,
  }
}

const NOT_ASKED = { isUk: false, steps: [], blocksBuying: null }

async function residenceRows(customerId: string) {
  return t.db
    .select({
      from: customerResidenceChanges.oldCountry,
      to: customerResidenceChanges.newCountry,
      visitorCountry: customerResidenceChanges.visitorCountry,
    })
    .from(customerResidenceChanges)
    .where(eq(customerResidenceChanges.customerId, customerId))
    .orderBy(customerResidenceChanges.id)
}

/** The UK steps' records of the customer, by table. */
async function ukRecords(customerId: string) {
  const tables = { ukRiskWarningDecisions, ukCategorisations, ukCoolingOffStarts }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.customerId, customerId))
    counts[name] = row!.n
  }
  return counts
}

async function uploadProofOfAddress(token: string) {
  const { payload, contentType } = multipart([
    { name: 'brandName', value: BRAND },
    { name: 'purpose', value: 'proof_of_address' },
    { name: 'file', value: PNG, fileName: 'utility-bill.png', type: 'image/png' },
  ])
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/user/uploadFile',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}`, [EDGE]: 'GB' },
    payload,
  })
  expect(answer.json()).toMatchObject({ result: true })
  return (answer.json() as { data: { id: string } }).data.id
}

const reviewProof = (verb: 'accept' | 'reject', documentId: string, reason = 'Utility bill, Zürich address') =>
  t.app.inject({
    method: 'POST',
    url: `/operator/actions/${verb}-proof-of-address`,
    headers: { ...operatorHeaders, 'content-type': 'application/json' },
    payload: { documentId, reason },
  })

const operatorPage = async () =>
  (await t.app.inject({ method: 'GET', url: '/operator', headers: operatorHeaders })).body

/** The risk warning continued and a restricted statement signed, as a UK customer does them. */
async function firstUkSteps(token: string) {
  expect(
    await from('GB', 'ukRiskDecision', token, {
      textVersion: UK_PERSONAL_RISK_WARNING.version,
      choice: 'continue',
      summaryOpened: true,
    }),
  ).toEqual({ result: true })
  expect(
    await from('GB', 'ukCategorise', token, {
      textVersion: UK_CATEGORISATION_STATEMENTS.version,
      statement: { category: 'restricted', investedUnderTenPercent: true, willLimitToTenPercent: true },
      signature: 'Ada Lovelace',
    }),
  ).toMatchObject({ result: true, data: { qualified: true } })
}

describe('leaving the UK steps by declaring a residence elsewhere needs evidence (decision 091)', () => {
  it('a residence in Switzerland declared from a UK connection leaves the UK steps asked, from anywhere', async () => {
    const ada = await customer()
    expect(await declare('GB', 'CH', ada.token)).toEqual({ result: true })
    expect(await residenceRows(ada.id)).toEqual([{ from: null, to: 'CH', visitorCountry: 'GB' }])
    for (const country of ['GB', 'CH'])
      expect(await ukStepsSeen(country, ada.token)).toEqual({
        isUk: true,
        steps: [
          'uk_risk_warning:required',
          'uk_categorisation:required',
          'uk_appropriateness:required',
          'uk_cooling_off:required',
        ],
        blocksBuying: 'uk_risk_warning',
      })
    expect(await buy('CH', ada.token)).toEqual(refusedAt('uk_risk_warning'))
  })

  it('a residence in Switzerland declared from a Swiss connection lifts them, wherever the customer calls from later', async () => {
    const ada = await customer()
    expect(await ukStepsSeen('GB', ada.token)).toMatchObject({ isUk: true })
    expect(await declare('CH', 'CH', ada.token)).toEqual({ result: true })
    expect(await residenceRows(ada.id)).toEqual([{ from: null, to: 'CH', visitorCountry: 'CH' }])
    expect(await ukStepsSeen('CH', ada.token)).toEqual(NOT_ASKED)
    expect(await ukStepsSeen('GB', ada.token)).toEqual(NOT_ASKED)
    expect(await buy('GB', ada.token)).toMatchObject({ result: true })
  })

  it('a declaration from an unknown country is no evidence', async () => {
    const ada = await customer()
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/saveClientDetails',
      headers: { authorization: `Bearer ${ada.token}` },
      payload: { brandName: BRAND, ...ADA_DETAILS },
    })
    expect(await residenceRows(ada.id)).toEqual([{ from: null, to: 'CH', visitorCountry: null }])
    expect(await ukStepsSeen('CH', ada.token)).toMatchObject({ isUk: true, blocksBuying: 'uk_risk_warning' })
  })

  it('a UK resident who moves to Switzerland from a UK connection still owes the UK steps; those done stay done and stored', async () => {
    const ada = await customer()
    await declare('GB', 'GB', ada.token)
    await firstUkSteps(ada.token)
    expect(await buy('GB', ada.token)).toEqual(refusedAt('uk_appropriateness'))
    const done = await ukRecords(ada.id)
    expect(done).toEqual({ ukRiskWarningDecisions: 1, ukCategorisations: 1, ukCoolingOffStarts: 1 })

    t.clock.advance(MINUTE)
    expect(await declare('GB', 'CH', ada.token)).toEqual({ result: true })
    expect(await residenceRows(ada.id)).toEqual([
      { from: null, to: 'GB', visitorCountry: 'GB' },
      { from: 'GB', to: 'CH', visitorCountry: 'GB' },
    ])
    expect(await ukStepsSeen('CH', ada.token)).toEqual({
      isUk: true,
      steps: ['uk_appropriateness:required', 'uk_cooling_off:waiting'],
      blocksBuying: 'uk_appropriateness',
    })
    expect(await buy('CH', ada.token)).toEqual(refusedAt('uk_appropriateness'))
    expect(await ukRecords(ada.id)).toEqual(done)
  })

  it('a proof of address sent after the move and accepted by an operator lifts them; the steps done stay stored', async () => {
    const ada = await customer()
    await declare('GB', 'GB', ada.token)
    await firstUkSteps(ada.token)
    t.clock.advance(MINUTE)
    await declare('GB', 'CH', ada.token)
    const done = await ukRecords(ada.id)

    t.clock.advance(MINUTE)
    const proof = await uploadProofOfAddress(ada.token)
    // Sent, not yet read: still the UK steps. The operator sees what waits, and may open the file.
    expect(await ukStepsSeen('CH', ada.token)).toMatchObject({ isUk: true, blocksBuying: 'uk_appropriateness' })
    const page = await operatorPage()
    expect(page).toContain(ada.email)
    expect(page).toContain('Declared residence CH')
    expect(page).toContain(
      `action="/operator/actions/accept-proof-of-address"><input type="hidden" name="documentId" value="${proof}"`,
    )
    const file = await t.app.inject({ method: 'GET', url: `/operator/documents/${proof}`, headers: operatorHeaders })
    expect(file.statusCode).toBe(200)

    const accepted = await reviewProof('accept', proof)
    expect(accepted.json()).toEqual({ result: true, decision: 'accepted' })
    expect(await ukStepsSeen('GB', ada.token)).toEqual(NOT_ASKED)
    expect(await buy('GB', ada.token)).toMatchObject({ result: true })
    expect(await ukRecords(ada.id)).toEqual(done)
    expect(await operatorPage()).not.toContain(`value="${proof}"`)

    const reviews = await t.db.select().from(documentReviews).where(eq(documentReviews.documentId, proof))
    expect(reviews).toMatchObject([
      { decision: 'accepted', operator: 'ops.anna', reason: 'Utility bill, Zürich address' },
    ])
    const logged = await t.db
      .select()
      .from(operatorActions)
      .where(sql`${operatorActions.detail}->>'documentId' = ${proof}`)
      .orderBy(operatorActions.id)
    expect(logged.map((row) => row.action)).toEqual(['document_downloaded', 'proof_of_address_accepted'])
    // One decision per file: a second one is refused and changes nothing.
    const again = await reviewProof('reject', proof, 'Second look')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ result: false, error: 'review_not_pending' })
    expect(await t.db.select().from(documentReviews).where(eq(documentReviews.documentId, proof))).toHaveLength(1)
    await expect(t.db.execute(sql`update document_reviews set decision = 'rejected'`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from document_reviews`)).rejects.toThrow()
  })

  it('a proof of address sent before the move, or one rejected, lifts nothing', async () => {
    const ada = await customer()
    await declare('GB', 'GB', ada.token)
    const before = await uploadProofOfAddress(ada.token)
    t.clock.advance(MINUTE)
    await declare('GB', 'CH', ada.token)
    // Not offered for review: it could not show the address declared after it.
    expect(await operatorPage()).not.toContain(`value="${before}"`)
    expect((await reviewProof('accept', before)).json()).toEqual({ result: true, decision: 'accepted' })
    expect(await ukStepsSeen('CH', ada.token)).toMatchObject({ isUk: true, blocksBuying: 'uk_risk_warning' })

    t.clock.advance(MINUTE)
    const unreadable = await uploadProofOfAddress(ada.token)
    expect((await reviewProof('reject', unreadable, 'Name and address not readable')).json()).toEqual({
      result: true,
      decision: 'rejected',
    })
    expect(await ukStepsSeen('CH', ada.token)).toMatchObject({ isUk: true, blocksBuying: 'uk_risk_warning' })
    expect(await buy('CH', ada.token)).toEqual(refusedAt('uk_risk_warning'))
  })

  it('a residence saved before declarations were recorded needs a proof sent after the last save of the details', async () => {
    const ada = await customer()
    // As the details of a customer from before migration 0022 are stored: the country, and no declaration.
    await t.db
      .update(customers)
      .set({ ...ADA_DETAILS, detailsUpdatedAt: t.clock.now() })
      .where(eq(customers.id, ada.id))
    expect(await ukStepsSeen('CH', ada.token)).toMatchObject({ isUk: true, blocksBuying: 'uk_risk_warning' })
    t.clock.advance(MINUTE)
    const proof = await uploadProofOfAddress(ada.token)
    expect(await operatorPage()).toContain(`value="${proof}"`)
    await reviewProof('accept', proof)
    expect(await ukStepsSeen('CH', ada.token)).toEqual(NOT_ASKED)
  })

  it('refuses a decision on a file that is not a proof of address, an unknown file, or without a reason', async () => {
    const ada = await customer()
    const { payload, contentType } = multipart([
      { name: 'brandName', value: BRAND },
      { name: 'purpose', value: 'identity_document' },
      { name: 'file', value: PNG, fileName: 'passport.png', type: 'image/png' },
    ])
    const passport = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/uploadFile',
        headers: { 'content-type': contentType, authorization: `Bearer ${ada.token}` },
        payload,
      })
    ).json().data.id as string
    expect((await reviewProof('accept', passport)).json()).toEqual({ result: false, error: 'review_not_pending' })
    expect((await reviewProof('accept', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const proof = await uploadProofOfAddress(ada.token)
    expect((await reviewProof('accept', proof, '')).statusCode).toBe(400)
    expect((await reviewProof('accept', 'not-a-file')).statusCode).toBe(400)
    expect(await t.db.select().from(documentReviews).where(eq(documentReviews.documentId, proof))).toHaveLength(0)
  })

  it('without a caller (a job), the stored facts decide: the declaration’s connection and accepted proofs', async () => {
    const ada = await customer()
    await declare('GB', 'CH', ada.token)
    const swiss = await customer()
    await declare('CH', 'CH', swiss.token)
    const brand = createBrandService({
      brand: { ...DEFAULT_BRAND, ukCheckMode: 'residence' },
      visitorCountryOf: async () => {
        throw new Error('no caller to look up')
      },
      declaredResidenceOf: createCustomerService({
        db: t.db,
        clock: t.clock,
        nameChangeHoldHours: 72,
        visitorCountryOf: async () => undefined,
      }).declaredResidenceOf,
      proofOfAddressAcceptedAfter: createDocumentReviews({ db: t.db, clock: t.clock }).proofOfAddressAcceptedAfter,
    })
    expect(await brand.isUkCustomer(ada.id)).toBe(true)
    expect(await brand.isUkCustomer(swiss.id)).toBe(false)
    t.clock.advance(MINUTE)
    await reviewProof('accept', await uploadProofOfAddress(ada.token))
    expect(await brand.isUkCustomer(ada.id)).toBe(false)
  })

  // The back office's customer file (decision 134) lists the same proofs.
  it('lists each proof waiting in the customer file of the back office, with its file and the residence it would back', async () => {
    const ada = await customer()
    await declare('GB', 'CH', ada.token)
    t.clock.advance(MINUTE)
    const proof = await uploadProofOfAddress(ada.token)
    const fileOf = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/operator/api/customers/${ada.id}?reason=Queue%3A+proofs+of+address`,
        headers: operatorHeaders,
      })
      expect(answer.statusCode, answer.body).toBe(200)
      return CustomerFileSchema.parse(answer.json())
    }
    const waiting = await fileOf()
    expect(waiting.proofsOfAddress).toEqual([
      { documentId: proof, fileName: 'utility-bill.png', since: t.clock.now().toISOString(), declaredCountry: 'CH' },
    ])
    expect((await reviewProof('reject', proof, 'Bill names another person')).json()).toEqual({
      result: true,
      decision: 'rejected',
    })
    expect((await fileOf()).proofsOfAddress).toEqual([])
  })

  // Last: the second app takes over the mail delivery of the shared database, and closing it ends that.
  it('two operators deciding one proof at once: one decision is stored and logged, the other is refused', async () => {
    const ada = await customer()
    await declare('GB', 'CH', ada.token)
    t.clock.advance(MINUTE)
    const proof = await uploadProofOfAddress(ada.token)
    const second = await buildTestApp({ sameDatabaseAs: t, clock: t.clock, env: {} })
    try {
      const decide = (app: TestApp, verb: string) =>
        app.app.inject({
          method: 'POST',
          url: `/operator/actions/${verb}-proof-of-address`,
          headers: { ...operatorHeaders, 'content-type': 'application/json' },
          payload: { documentId: proof, reason: 'Utility bill, Zürich address' },
        })
      const answers = await Promise.all([decide(t, 'accept'), decide(second, 'reject')])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      const stored = await t.db.select().from(documentReviews).where(eq(documentReviews.documentId, proof))
      expect(stored).toHaveLength(1)
      const logged = await t.db
        .select({ action: operatorActions.action })
        .from(operatorActions)
        .where(sql`${operatorActions.detail}->>'documentId' = ${proof}`)
      expect(logged).toEqual([{ action: `proof_of_address_${stored[0]!.decision}` }])
    } finally {
      await second.close()
    }
  })
})

describe('the other UK modes are unchanged', () => {
  it('by visitor country (geoip): a residence in Switzerland counts wherever it was declared; a UK connection is UK', async () => {
    const geoip = await residenceApp('geoip')
    try {
      const signedUp = await signUpVerified(geoip)
      const call = async (country: string, name: string, payload: Record<string, unknown> = {}) =>
        (
          await geoip.app.inject({
            method: 'POST',
            url: `/v1/user/${name}`,
            headers: { authorization: `Bearer ${signedUp.token}`, [EDGE]: country },
            payload: { brandName: BRAND, ...payload },
          })
        ).json()
      expect(await call('GB', 'saveClientDetails', ADA_DETAILS)).toEqual({ result: true })
      expect((await call('CH', 'ukStepsStatus')).data.isUk).toBe(false)
      expect((await call('GB', 'ukStepsStatus')).data.isUk).toBe(true)
    } finally {
      await geoip.close()
    }
  })
})
