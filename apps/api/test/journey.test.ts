import { SOURCE_OF_FUNDS_QUESTIONS } from '@exchange/shared/due-diligence.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  enhancedCheckDecisions,
  questionnaireAnswers,
  sourceOfFundsAnswers,
} from '../src/db/tables/modules/due-diligence'
import { operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import { createDueDiligenceService } from '../src/modules/due-diligence/due-diligence.service'
import { createJourneyService } from '../src/modules/journey/journey.service'
import { createWalletService } from '../src/modules/wallets/wallets.service'
import {
  ADA_DETAILS,
  BTC_WALLET,
  SOURCE_OF_FUNDS,
  type TestApp,
  buildTestApp,
  buyer,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  signAgreement,
  signUpVerified,
  useTestApp,
  wireOrderPaid,
  EVERY_ROLE,
  operatorPost,
  useOperatorSession,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'

const QUESTIONNAIRE = {
  politicallyExposed: true,
  pepDetails: 'My father, member of the cantonal parliament of Zug since 2019',
  highRiskCountryTies: false,
  sourceOfWealth: 'employment',
  sourceOfWealthDetails: 'Salary as an engineer since 2010, savings of about CHF 200,000',
}

const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET } })
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers
const second = useOperatorSession(t, ['compliance'], 'ops.bruno').headers

async function newCustomer() {
  await t.app.jobs.refreshRates()
  return signUpVerified(t)
}

async function journey(token: string) {
  const answer = await callUser(t.app, 'journeyStatus', token)
  expect(answer.status).toBe(200)
  return answer.body.data
}

/** A rejection is one operator's; clearing is asked by one and approved by a second (decision 132). */
async function operatorDecides(verb: 'approve' | 'reject', customerId: string, reason: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/operator/actions/${verb}-enhanced-checks`,
    headers: { ...operatorHeaders, 'content-type': 'application/json' },
    payload: { customerId, reason },
  })
  const body = response.json()
  if (!body.requestId) return { status: response.statusCode, body }
  const approved = await operatorPost(t, `/operator/four-eyes/${body.requestId}/approve`, { reason: 'Agreed' }, second)
  return { status: approved.statusCode, body: approved.json() }
}

async function customerIdOf(token: string) {
  const saved = await callUser(t.app, 'saveQuestionnaire', token, { answers: QUESTIONNAIRE })
  expect(saved.body).toEqual({ result: true })
  const [row] = await t.db
    .select()
    .from(questionnaireAnswers)
    .orderBy(sql`${questionnaireAnswers.id} desc`)
    .limit(1)
  return row!.customerId
}

/** The journey service on a test app's database, with the identity status the test chooses (as fulfilment uses it). */
function journeyServiceOn(app: TestApp, identityStatus: () => 'none' | 'approved') {
  return createJourneyService({
    db: app.db,
    clock: app.clock,
    identity: { identityStatusOf: async () => ({ status: identityStatus(), message: null, updatedAt: null }) },
    wallets: createWalletService({ db: app.db, clock: app.clock, brandName: 'Helvex' }),
    dueDiligence: createDueDiligenceService({ db: app.db, clock: app.clock }),
    // The test brand's customers are not UK (test/support/test-app.ts); the UK steps have tests of their own.
    ukSteps: {
      isUkCustomer: async () => false,
      standingsOf: async () => {
        throw new Error('not a UK customer')
      },
      recordRequestToBuy: async () => {},
    },
    // The agreement has tests of its own (agreement.test.ts).
    agreement: { hasSignedCurrent: async () => true },
    residencesOf: async () => ({ countries: [], movedAt: null }),
    policy: {
      skipSteps: [],
      enhancedChecksVolume: { eur: '200.00', chf: '15000.00', gbp: '12500.00', usd: '17500.00' },
      enhancedChecksWindowDays: 365,
      highRiskCountries: [],
    },
  })
}

describe('the journey before a first order', () => {
  it('a buy before source of funds is refused naming the step, and no order is stored', async () => {
    const customer = await newCustomer()
    const refused = await initiateBuy(t, customer.token)
    expect(refused.status).toBe(200)
    expect(refused.body).toEqual({ result: false, error: 'step_required', step: 'source_of_funds' })
    expect(await t.db.select().from(orders)).toHaveLength(0)
  })

  it('journeyStatus lists the owed steps in order with what each blocks and its screen', async () => {
    const customer = await newCustomer()
    const status = await journey(customer.token)
    expect(status).toEqual({
      steps: [
        {
          id: 'source_of_funds',
          state: 'required',
          blocks: ['start_order', 'pay', 'payout'],
          screen: '/dashboard-sof',
        },
        { id: 'agreement', state: 'required', blocks: ['start_order', 'pay'], screen: '/dashboard-disclaimer' },
        { id: 'details', state: 'required', blocks: ['pay', 'payout'], screen: '/dashboard-details' },
        { id: 'identity', state: 'required', blocks: ['pay', 'payout'], screen: '/dashboard-authstart' },
      ],
      next: {
        id: 'source_of_funds',
        state: 'required',
        blocks: ['start_order', 'pay', 'payout'],
        screen: '/dashboard-sof',
      },
      blocked: { start_order: 'source_of_funds', pay: 'source_of_funds', payout: 'source_of_funds' },
    })
    expect((await callUser(t.app, 'journeyStatus', undefined)).status).toBe(401)
  })

  it('source of funds is stored with its question version and time; a change is a new row, and the buy goes ahead', async () => {
    const customer = await newCustomer()
    await declareSourceOfFunds(t, customer.token)
    t.clock.advance(60_000)
    await declareSourceOfFunds(t, customer.token, { occupation: 'Teacher', incomeBand: '50k_100k' })

    const rows = await t.db.select().from(sourceOfFundsAnswers).orderBy(sourceOfFundsAnswers.id)
    const mine = rows.slice(-2)
    expect(mine.map((row) => row.occupation)).toEqual(['Software engineer, banking', 'Teacher'])
    expect(mine[0]).toMatchObject({
      questionsVersion: SOURCE_OF_FUNDS_QUESTIONS.version,
      beneficialOwnerDeclaration: 'I am the beneficial owner of the assets. A false declaration is a criminal offence.',
      incomeBand: '100k_250k',
    })
    expect(mine[1]!.answeredAt.getTime() - mine[0]!.answeredAt.getTime()).toBe(60_000)

    const read = await callUser(t.app, 'getSourceOfFunds', customer.token)
    expect(read.body.data).toMatchObject({
      answers: { ...SOURCE_OF_FUNDS, occupation: 'Teacher', incomeBand: '50k_100k' },
      questionsVersion: SOURCE_OF_FUNDS_QUESTIONS.version,
    })
    expect((await journey(customer.token)).blocked.start_order).toBe('agreement')
    await signAgreement(t, customer.token)
    expect((await journey(customer.token)).blocked.start_order).toBeNull()
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
  })

  it('the database refuses to change or delete an answer or a decision', async () => {
    const customer = await buyer(t)
    const customerId = await customerIdOf(customer.token)
    expect((await operatorDecides('approve', customerId, 'Checked the register')).status).toBe(200)
    for (const table of ['source_of_funds_answers', 'questionnaire_answers', 'enhanced_check_decisions']) {
      await expect(t.db.execute(sql.raw(`update ${table} set customer_id = customer_id`))).rejects.toThrow()
      await expect(t.db.execute(sql.raw(`delete from ${table}`))).rejects.toThrow()
    }
    expect(
      await t.db.select().from(enhancedCheckDecisions).where(eq(enhancedCheckDecisions.customerId, customerId)),
    ).toHaveLength(1)
  })
})

describe('enhanced checks', () => {
  it('a declared PEP answers the questionnaire, waits for an operator, and may buy once approved', async () => {
    const customer = await newCustomer()
    await declareSourceOfFunds(t, customer.token, { politicallyExposed: true })
    expect(await initiateBuy(t, customer.token)).toMatchObject({
      body: { result: false, error: 'step_required', step: 'enhanced_checks' },
    })
    expect((await journey(customer.token)).next).toEqual({
      id: 'enhanced_checks',
      state: 'required',
      blocks: ['start_order', 'pay', 'payout'],
      screen: '/dashboard-quest',
    })

    const customerId = await customerIdOf(customer.token)
    const waiting = await journey(customer.token)
    expect(waiting.steps[0]).toMatchObject({ id: 'enhanced_checks', state: 'in_review' })
    expect(waiting.blocked.start_order).toBe('enhanced_checks')
    expect((await callUser(t.app, 'getQuestionnaire', customer.token)).body.data).toMatchObject({
      status: 'in_review',
      answers: QUESTIONNAIRE,
      questionsVersion: 'quest-2025-01',
    })
    const overview = await t.app.inject({ method: 'GET', url: '/operator', headers: operatorHeaders })
    expect(overview.body).toContain('Enhanced checks to review')
    expect(overview.body).toContain(customer.email)

    const approved = await operatorDecides('approve', customerId, 'Father is a cantonal MP; wealth plausible')
    expect(approved.body).toEqual({ result: true, action: 'clear_enhanced_checks' })
    const [decision] = await t.db
      .select()
      .from(enhancedCheckDecisions)
      .where(eq(enhancedCheckDecisions.customerId, customerId))
    // The second operator cleared them, for the reason the first gave.
    expect(decision).toMatchObject({
      decision: 'approved',
      operator: 'ops.bruno',
      reason: 'Father is a cantonal MP; wealth plausible',
    })
    const logged = await t.db.select().from(operatorActions).where(eq(operatorActions.action, 'four_eyes_requested'))
    expect(logged.map((action) => action.detail)).toContainEqual(
      expect.objectContaining({
        action: 'clear_enhanced_checks',
        target: customerId,
        reason: 'Father is a cantonal MP; wealth plausible',
      }),
    )
    expect((await journey(customer.token)).steps.map((step: { id: string }) => step.id)).not.toContain(
      'enhanced_checks',
    )
    await signAgreement(t, customer.token)
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)

    // Decided once: a second decision on the same answer is refused and stores nothing.
    expect((await operatorDecides('reject', customerId, 'Second thoughts')).body).toEqual({
      result: false,
      error: 'review_not_pending',
    })
  })

  it('a rejection keeps both actions blocked and says so', async () => {
    const customer = await buyer(t)
    const customerId = await customerIdOf(customer.token)
    await operatorDecides('reject', customerId, 'Source of wealth not plausible')
    const status = await journey(customer.token)
    expect(status.steps[0]).toMatchObject({ id: 'enhanced_checks', state: 'rejected' })
    expect(status.next?.id).not.toBe('enhanced_checks')
    expect((await initiateBuy(t, customer.token)).body).toEqual({
      result: false,
      error: 'step_required',
      step: 'enhanced_checks',
    })
  })

  it('a decision without a pending answer, or without a reason, is refused', async () => {
    const customer = await buyer(t)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await operatorDecides('approve', unknown, 'Looks fine')).body).toEqual({
      result: false,
      error: 'review_not_pending',
    })
    const customerId = await customerIdOf(customer.token)
    expect((await operatorDecides('approve', customerId, '')).status).toBe(400)
    expect((await operatorDecides('approve', 'not-a-uuid', 'Looks fine')).status).toBe(400)
    expect(
      await t.db.select().from(enhancedCheckDecisions).where(eq(enhancedCheckDecisions.customerId, customerId)),
    ).toHaveLength(0)
  })

  it('a customer whose paid volume passes the threshold owes enhanced checks before the next order', async () => {
    const low = await buildTestApp({
      env: { BANK_WEBHOOK_SECRET: SECRET, ENHANCED_CHECKS_VOLUME: '{"eur":"200.00"}' },
    })
    try {
      const { customer, answer } = await wireOrderPaid(low, SECRET)
      expect(answer.result).toBe(true)
      expect((await callUser(low.app, 'journeyStatus', customer.token)).body.data.blocked).toEqual({
        start_order: 'enhanced_checks',
        pay: 'enhanced_checks',
        payout: 'enhanced_checks',
      })
      expect((await initiateBuy(low, customer.token)).body).toEqual({
        result: false,
        error: 'step_required',
        step: 'enhanced_checks',
      })
      // A year later the paid volume has left the window.
      const [order] = await low.db.select().from(orders)
      const service = journeyServiceOn(low, () => 'none')
      expect(await service.startOrderBlockedBy(order!.customerId)).toBe('enhanced_checks')
      low.clock.advance(366 * 86_400_000)
      expect(await service.startOrderBlockedBy(order!.customerId)).toBeNull()
    } finally {
      await low.close()
    }
  }, 90_000)
})

/** Native segwit address of private key 1 (BIP-173's example): valid, and never proven by the tests' customers. */
const KEY_ONE_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

describe('payoutBlockedBy, for fulfilment', () => {
  it('names details, then identity, then an unproven wallet, then nothing', async () => {
    const customer = await buyer(t)
    const [row] = await t.db
      .select()
      .from(sourceOfFundsAnswers)
      .orderBy(sql`${sourceOfFundsAnswers.id} desc`)
      .limit(1)
    const customerId = row!.customerId
    let identityStatus: 'none' | 'approved' = 'none'
    const service = journeyServiceOn(t, () => identityStatus)
    // A wallet the buyer has not proven (buyer() proves the tests' own BTC_WALLET and ETH_WALLET).
    const order = { crypto: 'btc', wallet: KEY_ONE_P2WPKH }
    expect(await service.payoutBlockedBy(customerId, order)).toBe('details')
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    expect(await service.payoutBlockedBy(customerId, order)).toBe('identity')
    identityStatus = 'approved'
    expect(await service.payoutBlockedBy(customerId, order)).toBe('wallet')
    expect(await service.payoutBlockedBy(customerId, { crypto: 'btc', wallet: PLACEHOLDER_WALLET })).toBe('wallet')
    const challenge = await callUser(t.app, 'walletChallenge', customer.token, {
      wallet: { crypto: 'xrp', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
    })
    await callUser(t.app, 'walletDeclare', customer.token, {
      challengeId: challenge.body.data.challengeId,
      walletProvider: 'Ledger Nano X',
      confirm: true,
    })
    const xrp = { crypto: 'xrp', wallet: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' }
    expect(await service.payoutBlockedBy(customerId, xrp)).toBeNull()
    expect(await service.payoutBlockedBy(customerId, { crypto: 'btc', wallet: BTC_WALLET })).toBeNull()
    // Without an order: the wallets of paid orders waiting for a payout (none here).
    expect(await service.payoutBlockedBy(customerId)).toBeNull()
  })
})
