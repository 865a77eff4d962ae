import { UK_CATEGORISATION_STATEMENTS, UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import {
  ukAssessmentAttempts,
  ukCategorisations,
  ukCoolingOffDecisions,
  ukCoolingOffStarts,
  ukRiskWarningDecisions,
} from '../src/db/tables/modules/uk-steps'
import {
  ADA_DETAILS,
  COMPANY,
  brandFile,
  buildTestApp,
  callPublic,
  callUser,
  completeUkSteps,
  declareSourceOfFunds,
  initiateBuy,
  rightAnswers,
  signAgreement,
  signUpVerified,
  useTestApp,
} from './support'

const HOUR = 3_600_000
const UK_TABLES = {
  ukRiskWarningDecisions,
  ukCoolingOffStarts,
  ukCoolingOffDecisions,
  ukCategorisations,
  ukAssessmentAttempts,
}

/** The brand's default UK mode: every customer is UK. Sessions last 30 days so a test can pass the 24-hour wait. */
const ukApp = () => buildTestApp({ env: { BRAND_FILE: brandFile({ ukCheckMode: 'always' }), SESSION_HOURS: '720' } })

const t = useTestApp(() => ukApp())
beforeAll(async () => {
  await t.app.jobs.refreshRates()
})

/** A UK customer with the source of funds declared, and their name known unless told otherwise. */
async function ukCustomer({ details = true } = {}) {
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  if (details) await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  // The agreement comes after the UK steps (decision 044); signed here so that a test's last buy goes ahead.
  await signAgreement(t, customer.token)
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, id: row!.id }
}

const call = (name: string, token: string, payload: Record<string, unknown> = {}) =>
  callUser(t.app, name, token, payload)
const status = async (token: string) => (await call('ukStepsStatus', token)).body.data
const riskDecision = (token: string, choice: 'continue' | 'leave', summaryOpened = false) =>
  call('ukRiskDecision', token, { textVersion: UK_PERSONAL_RISK_WARNING.version, choice, summaryOpened })
const categorise = (token: string, statement: Record<string, unknown>, signature = 'Ada Lovelace') =>
  call('ukCategorise', token, { textVersion: UK_CATEGORISATION_STATEMENTS.version, statement, signature })
const RESTRICTED = { category: 'restricted', investedUnderTenPercent: true, willLimitToTenPercent: true }
const coolingOffDecision = (token: string, choice: 'continue' | 'leave') =>
  call('ukCoolingOffDecision', token, { textVersion: UK_COOLING_OFF.version, choice })
const refusedAt = (step: string) => ({ result: false, error: 'step_required', step })

async function questionSet(token: string) {
  const answer = await call('ukQuestionSet', token)
  expect(answer.body.result).toBe(true)
  return answer.body.data as { version: string; setId: string; attempt: number; questions: { id: string }[] }
}

/** Answers the set with every answer wrong (the first option that is not right). */
function wrongAnswers(questions: readonly { id: string; options?: { id: string }[] }[]) {
  const right = new Map(rightAnswers(questions).map((answer) => [answer.questionId, answer.optionId]))
  return questions.map((question) => ({
    questionId: question.id,
    optionId: question.options!.find((option) => option.id !== right.get(question.id))!.id,
  }))
}

async function answerSet(token: string, kind: 'right' | 'wrong') {
  const set = (await call('ukQuestionSet', token)).body.data
  return call('ukAnswerQuestions', token, {
    version: set.version,
    setId: set.setId,
    answers: kind === 'right' ? rightAnswers(set.questions) : wrongAnswers(set.questions),
  })
}

async function storedCounts(customerId: string) {
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(UK_TABLES)) {
    const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.customerId, customerId))
    counts[name] = row!.n
  }
  return counts
}

describe('a UK customer before the first purchase', () => {
  it('is refused a buy at each step in turn, naming it, until every step is done; then buys', async () => {
    const customer = await ukCustomer({ details: false })
    const startedAt = t.clock.now()
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_risk_warning'))
    // The first request to buy started the cooling-off, on the server clock.
    expect((await status(customer.token)).coolingOff).toMatchObject({
      state: 'waiting',
      startedAt: startedAt.toISOString(),
      endsAt: new Date(startedAt.getTime() + 24 * HOUR).toISOString(),
    })
    // The warning is personalised: without a name it cannot be shown.
    expect((await riskDecision(customer.token, 'continue')).body).toEqual({ result: false, error: 'details_required' })
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    expect((await status(customer.token)).fullName).toBe('Ada Lovelace')

    expect((await riskDecision(customer.token, 'leave')).body).toEqual({ result: true })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_risk_warning'))
    expect((await riskDecision(customer.token, 'continue', true)).body).toEqual({ result: true })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_categorisation'))

    expect((await categorise(customer.token, RESTRICTED)).body.data).toMatchObject({ qualified: true })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_appropriateness'))

    expect((await answerSet(customer.token, 'right')).body.data).toMatchObject({ passed: true, reasons: [] })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_cooling_off'))

    const journey = (await call('journeyStatus', customer.token)).body.data
    expect(journey.blocked.start_order).toBe('uk_cooling_off')
    expect(journey.steps[0]).toEqual({
      id: 'uk_cooling_off',
      state: 'waiting',
      blocks: ['start_order', 'pay'],
      screen: '/dashboard-prwait',
    })

    t.clock.set(new Date(startedAt.getTime() + 24 * HOUR))
    expect((await status(customer.token)).coolingOff.state).toBe('required')
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_cooling_off'))
    expect((await coolingOffDecision(customer.token, 'leave')).body).toEqual({ result: true })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_cooling_off'))
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual({ result: true })

    await t.app.jobs.refreshRates()
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
    expect(await t.db.select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(1)

    // Every choice is kept, with the name shown and the text version answered.
    const decisions = await t.db
      .select()
      .from(ukRiskWarningDecisions)
      .where(eq(ukRiskWarningDecisions.customerId, customer.id))
      .orderBy(ukRiskWarningDecisions.id)
    expect(decisions.map((row) => [row.choice, row.nameShown, row.textVersion, row.summaryOpened])).toEqual([
      ['leave', 'Ada Lovelace', UK_PERSONAL_RISK_WARNING.version, false],
      ['continue', 'Ada Lovelace', UK_PERSONAL_RISK_WARNING.version, true],
    ])
    const afterWait = await t.db
      .select({ choice: ukCoolingOffDecisions.choice })
      .from(ukCoolingOffDecisions)
      .where(eq(ukCoolingOffDecisions.customerId, customer.id))
      .orderBy(ukCoolingOffDecisions.id)
    expect(afterWait.map((row) => row.choice)).toEqual(['leave', 'continue'])
    expect((await status(customer.token)).coolingOff.state).toBe('done')
  })

  it('refuses each step while an earlier one is owed, in the order of the regulation', async () => {
    const customer = await ukCustomer()
    expect((await categorise(customer.token, RESTRICTED)).body).toEqual(refusedAt('uk_risk_warning'))
    expect((await call('ukQuestionSet', customer.token)).body).toEqual(refusedAt('uk_risk_warning'))
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual(refusedAt('uk_risk_warning'))
    await riskDecision(customer.token, 'continue')
    expect((await call('ukQuestionSet', customer.token)).body).toEqual(refusedAt('uk_categorisation'))
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual(refusedAt('uk_categorisation'))
    await categorise(customer.token, RESTRICTED)
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual(refusedAt('uk_appropriateness'))
    expect(await storedCounts(customer.id)).toMatchObject({ ukCoolingOffDecisions: 0, ukAssessmentAttempts: 0 })
  })

  it('waits for the cooling-off on the server clock: not a second before 24 hours from the first request to buy', async () => {
    const customer = await ukCustomer()
    await riskDecision(customer.token, 'continue')
    const startedAt = (await status(customer.token)).coolingOff.startedAt
    await categorise(customer.token, RESTRICTED)
    await answerSet(customer.token, 'right')
    t.clock.set(new Date(new Date(startedAt).getTime() + 24 * HOUR - 1000))
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual({
      result: false,
      error: 'step_waiting',
      step: 'uk_cooling_off',
      retryAfterSeconds: 1,
    })
    // A later request to buy does not move the start: the cooling-off is once per customer.
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_cooling_off'))
    expect((await status(customer.token)).coolingOff.startedAt).toBe(startedAt)
    t.clock.advance(1000)
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual({ result: true })
    expect((await coolingOffDecision(customer.token, 'continue')).body).toEqual({ result: false, error: 'step_done' })
    expect(await storedCounts(customer.id)).toMatchObject({ ukCoolingOffStarts: 1, ukCoolingOffDecisions: 1 })
  })
})

describe('the appropriateness assessment', () => {
  it('never tells the web which answer is right, and gives a different set on each retake', async () => {
    const customer = await ukCustomer()
    await riskDecision(customer.token, 'continue')
    await categorise(customer.token, RESTRICTED)
    const first = await call('ukQuestionSet', customer.token)
    expect(JSON.stringify(first.body)).not.toMatch(/correct|topic/)
    expect(first.body.data.questions).toHaveLength(10)
    expect(first.body.data.attempt).toBe(1)
    const seen = [first.body.data.setId]
    const failed = await answerSet(customer.token, 'wrong')
    expect(failed.body.data).toEqual({
      passed: false,
      score: 0,
      total: 10,
      attempt: 1,
      reasons: expect.arrayContaining([expect.objectContaining({ area: 'losing_money' })]),
      lockedUntil: null,
    })
    // Broad reasons only: the answer names no question.
    for (const question of first.body.data.questions as { id: string }[])
      expect(JSON.stringify(failed.body)).not.toContain(`"${question.id}"`)
    const second = await questionSet(customer.token)
    seen.push(second.setId)
    expect(second.attempt).toBe(2)
    expect(second.setId).not.toBe(seen[0])
    const firstIds = (first.body.data.questions as { id: string }[]).map((question) => question.id)
    expect(second.questions.filter((question) => firstIds.includes(question.id))).toEqual([])
  })

  it('locks for 24 hours after the second fail and after every later one, and records each attempt', async () => {
    const customer = await ukCustomer()
    await riskDecision(customer.token, 'continue')
    await categorise(customer.token, RESTRICTED)
    expect((await answerSet(customer.token, 'wrong')).body.data.lockedUntil).toBeNull()
    const secondFail = await answerSet(customer.token, 'wrong')
    const lockedUntil = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString()
    expect(secondFail.body.data).toMatchObject({ passed: false, attempt: 2, lockedUntil })
    expect((await status(customer.token)).appropriateness).toMatchObject({ state: 'waiting', lockedUntil })
    expect((await call('ukQuestionSet', customer.token)).body).toEqual({
      result: false,
      error: 'step_waiting',
      step: 'uk_appropriateness',
      retryAfterSeconds: 24 * 3600,
    })
    expect((await initiateBuy(t, customer.token)).body).toEqual(refusedAt('uk_appropriateness'))

    t.clock.advance(24 * HOUR)
    const third = await questionSet(customer.token)
    expect(third.attempt).toBe(3)
    const thirdFail = await answerSet(customer.token, 'wrong')
    expect(thirdFail.body.data.lockedUntil).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString())
    t.clock.advance(24 * HOUR - 1000)
    expect((await call('ukQuestionSet', customer.token)).body.error).toBe('step_waiting')
    t.clock.advance(1000)
    expect((await answerSet(customer.token, 'right')).body.data).toMatchObject({ passed: true, attempt: 4 })
    expect((await call('ukQuestionSet', customer.token)).body).toEqual({ result: false, error: 'step_done' })

    const attempts = await t.db
      .select()
      .from(ukAssessmentAttempts)
      .where(eq(ukAssessmentAttempts.customerId, customer.id))
      .orderBy(ukAssessmentAttempts.attempt)
    expect(attempts.map((row) => [row.attempt, row.setId, row.passed, row.score, row.assetType])).toEqual([
      [1, 'A', false, 0, 'cryptoasset'],
      [2, 'B', false, 0, 'cryptoasset'],
      [3, 'C', false, 0, 'cryptoasset'],
      [4, 'A', true, 10, 'cryptoasset'],
    ])
    expect(attempts[1]!.lockedUntil?.toISOString()).toBe(lockedUntil)
    expect(attempts[3]!.questions[0]).toMatchObject({ id: 'A1', answer: expect.any(String), text: expect.any(String) })
  })
})

describe('categorisation', () => {
  it('expires after 12 months and is asked again before the next buy', async () => {
    const customer = await ukCustomer()
    await completeUkSteps(t, customer.token)
    await t.app.jobs.refreshRates()
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
    const validUntil = (await status(customer.token)).categorisation.validUntil
    t.clock.set(new Date(validUntil))
    await t.app.jobs.refreshRates()
    // The session has ended after a year: the customer signs in again on the same browser.
    const login = await callPublic(
      t.app,
      'homelogin',
      { email: customer.email, password: customer.password, companyDetails: COMPANY },
      { cookie: `trustedDevice=${customer.device}` },
    )
    const token = login.body.data.token as string
    expect((await initiateBuy(t, token)).body).toEqual(refusedAt('uk_categorisation'))
    expect(
      (await categorise(token, { category: 'high_net_worth', incomeOver100k: false, netAssetsOver250k: true })).body
        .data,
    ).toMatchObject({ qualified: true, category: 'high_net_worth' })
    // Nothing else is asked again: the cooling-off is once per customer, the pass stays.
    expect((await initiateBuy(t, token)).body.result).toBe(true)
  })

  it('records a statement that does not qualify, offers no other category, and takes no new statement for a day', async () => {
    const customer = await ukCustomer()
    await riskDecision(customer.token, 'continue')
    const failed = await categorise(customer.token, { ...RESTRICTED, willLimitToTenPercent: false })
    const newStatementFrom = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString()
    expect(failed.body).toEqual({
      result: true,
      data: { qualified: false, category: 'restricted', validUntil: null, newStatementFrom },
    })
    expect(
      (await categorise(customer.token, { category: 'high_net_worth', incomeOver100k: true, netAssetsOver250k: true }))
        .body,
    ).toEqual({ result: false, error: 'step_waiting', step: 'uk_categorisation', retryAfterSeconds: 24 * 3600 })
    expect((await status(customer.token)).categorisation).toMatchObject({ state: 'waiting', newStatementFrom })
    const stored = await t.db.select().from(ukCategorisations).where(eq(ukCategorisations.customerId, customer.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      category: 'restricted',
      qualified: false,
      signature: 'Ada Lovelace',
      nameOnRecord: 'Ada Lovelace',
      textVersion: UK_CATEGORISATION_STATEMENTS.version,
      answers: { investedUnderTenPercent: true, willLimitToTenPercent: false },
      validUntil: null,
    })
  })

  it('takes a certified sophisticated investor with the firm and a certificate of the last three years', async () => {
    const customer = await ukCustomer()
    await riskDecision(customer.token, 'continue')
    const old = await categorise(customer.token, {
      category: 'certified_sophisticated',
      certified: true,
      firmName: 'Northgate Wealth Ltd',
      certificateDate: '2023-11-21',
    })
    expect(old.body.data.qualified).toBe(false)
    t.clock.advance(24 * HOUR)
    const recent = await categorise(customer.token, {
      category: 'certified_sophisticated',
      certified: true,
      firmName: 'Northgate Wealth Ltd',
      certificateDate: '2025-06-30',
    })
    expect(recent.body.data).toMatchObject({ qualified: true, category: 'certified_sophisticated' })
    const [newest] = await t.db
      .select()
      .from(ukCategorisations)
      .where(eq(ukCategorisations.customerId, customer.id))
      .orderBy(sql`${ukCategorisations.id} desc`)
      .limit(1)
    expect(newest!.answers).toEqual({
      certified: true,
      firmName: 'Northgate Wealth Ltd',
      certificateDate: '2025-06-30',
    })
  })
})

describe('records', () => {
  it('are never overwritten: the database refuses to change or delete any of them', async () => {
    const customer = await ukCustomer()
    await completeUkSteps(t, customer.token)
    for (const table of Object.values(UK_TABLES)) {
      await expect(
        t.db.update(table).set({ customerId: customer.id }).where(eq(table.customerId, customer.id)),
      ).rejects.toThrow()
      await expect(t.db.delete(table).where(eq(table.customerId, customer.id))).rejects.toThrow()
    }
    expect(Object.values(await storedCounts(customer.id)).every((n) => n >= 1)).toBe(true)
  })
})

describe('bad input', () => {
  it('is refused with the field named and nothing stored', async () => {
    const customer = await ukCustomer()
    const cases: [string, Record<string, unknown>][] = [
      ['ukRiskDecision', { textVersion: UK_PERSONAL_RISK_WARNING.version, choice: 'maybe', summaryOpened: false }],
      ['ukRiskDecision', { textVersion: UK_PERSONAL_RISK_WARNING.version, choice: 'continue' }],
      ['ukRiskDecision', { textVersion: 'old', choice: 'continue', summaryOpened: false }],
      ['ukRiskDecision', {}],
      ['ukCoolingOffDecision', { textVersion: UK_COOLING_OFF.version, choice: 'yes' }],
      ['ukCoolingOffDecision', { textVersion: 'old', choice: 'continue' }],
    ]
    for (const [name, payload] of cases) {
      const answer = await call(name, customer.token, payload)
      expect(answer.status, `${name} ${JSON.stringify(payload)}`).toBe(400)
      expect(answer.body).toMatchObject({ result: false, error: 'validation_failed', fields: expect.any(Object) })
    }
    await riskDecision(customer.token, 'continue')
    const statements: [Record<string, unknown>, string, string?][] = [
      [{ category: 'self_certified', certified: true }, 'statement'],
      [{ category: 'restricted', investedUnderTenPercent: true }, 'statement.willLimitToTenPercent'],
      [
        { category: 'restricted', investedUnderTenPercent: 'yes', willLimitToTenPercent: true },
        'statement.investedUnderTenPercent',
      ],
      [{ category: 'certified_sophisticated', certified: true, certificateDate: '2025-01-01' }, 'statement.firmName'],
      [
        { category: 'certified_sophisticated', certified: true, firmName: 'Acme', certificateDate: '2025-02-30' },
        'statement.certificateDate',
      ],
      [
        { category: 'certified_sophisticated', certified: true, firmName: 'Acme', certificateDate: '2030-01-01' },
        'statement.certificateDate',
      ],
      [RESTRICTED, 'signature', 'Ada Byron'],
      [RESTRICTED, 'signature', ''],
    ]
    for (const [statement, field, signature] of statements) {
      const answer = await categorise(customer.token, statement, signature ?? 'Ada Lovelace')
      expect(answer.status, JSON.stringify(statement)).toBe(400)
      expect(
        Object.keys(answer.body.fields ?? {}).some((key) => key.startsWith(field)),
        `${JSON.stringify(statement)} ${JSON.stringify(answer.body)}`,
      ).toBe(true)
    }
    expect(
      (
        await call('ukCategorise', customer.token, {
          textVersion: 'old',
          statement: RESTRICTED,
          signature: 'Ada Lovelace',
        })
      ).status,
    ).toBe(400)
    await categorise(customer.token, RESTRICTED)
    const set = await questionSet(customer.token)
    const right = rightAnswers(set.questions)
    const answerCases: [Record<string, unknown>, string][] = [
      [{ version: set.version, setId: 'Z', answers: right }, 'setId'],
      [{ version: 'old', setId: set.setId, answers: right }, 'version'],
      [{ version: set.version, setId: set.setId, answers: right.slice(1) }, 'answers'],
      [{ version: set.version, setId: set.setId, answers: [...right, right[0]] }, 'answers'],
      [
        { version: set.version, setId: set.setId, answers: [{ ...right[0]!, optionId: 'z' }, ...right.slice(1)] },
        'answers',
      ],
      [
        { version: set.version, setId: set.setId, answers: [...right.slice(1), { questionId: 'B1', optionId: 'a' }] },
        'answers',
      ],
      [{ version: set.version, setId: set.setId, answers: [] }, 'answers'],
      [{ version: set.version, setId: set.setId, answers: right, assetType: 'shares' }, 'assetType'],
    ]
    for (const [payload, field] of answerCases) {
      const answer = await call('ukAnswerQuestions', customer.token, payload)
      expect(answer.status, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(payload)).toContain(field)
    }
    expect(await storedCounts(customer.id)).toEqual({
      ukRiskWarningDecisions: 1,
      ukCoolingOffStarts: 1,
      ukCoolingOffDecisions: 0,
      ukCategorisations: 1,
      ukAssessmentAttempts: 0,
    })
  })

  it('are documented in the OpenAPI document, built from the shared schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const name of [
      'ukStepsStatus',
      'ukRiskDecision',
      'ukCategorise',
      'ukQuestionSet',
      'ukAnswerQuestions',
      'ukCoolingOffDecision',
    ])
      expect(doc.paths, name).toHaveProperty([`/v1/user/${name}`, 'post'])
    expect(JSON.stringify(doc.paths)).not.toContain('/test/clock')
  })

  it('needs a session', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/user/ukStepsStatus',
      payload: { brandName: 'Helvex' },
    })
    expect(answer.statusCode).toBe(401)
  })
})

describe('who is a UK customer (decision 040)', () => {
  it('a Swiss resident of a brand that asks by residence owes none of the UK steps', async () => {
    // The tests' own brand: UK mode `residence`, visitors in Switzerland.
    const swiss = await buildTestApp()
    try {
      await swiss.app.jobs.refreshRates()
      const customer = await signUpVerified(swiss)
      await declareSourceOfFunds(swiss, customer.token)
      await signAgreement(swiss, customer.token)
      expect((await callUser(swiss.app, 'ukStepsStatus', customer.token)).body.data.isUk).toBe(false)
      expect((await initiateBuy(swiss, customer.token)).body.result).toBe(true)
      await callUser(swiss.app, 'saveClientDetails', customer.token, ADA_DETAILS)
      expect((await initiateBuy(swiss, customer.token)).body.result).toBe(true)
      const journey = (await callUser(swiss.app, 'journeyStatus', customer.token)).body.data
      expect(journey.steps.map((step: { id: string }) => step.id)).not.toContain('uk_risk_warning')
      expect(await swiss.db.select().from(ukCoolingOffStarts)).toHaveLength(0)

      // A resident of the UK is UK wherever they are.
      const briton = await signUpVerified(swiss)
      await declareSourceOfFunds(swiss, briton.token)
      await callUser(swiss.app, 'saveClientDetails', briton.token, {
        ...ADA_DETAILS,
        country: 'GB',
        postal: 'SW1A 1AA',
      })
      expect((await callUser(swiss.app, 'ukStepsStatus', briton.token)).body.data.isUk).toBe(true)
      expect((await initiateBuy(swiss, briton.token)).body).toEqual(refusedAt('uk_risk_warning'))
    } finally {
      await swiss.close()
    }
  })

  it('by visitor country: a caller from a UK address owes the steps, one from a Swiss address does not', async () => {
    const byVisitor = await buildTestApp({
      env: {
        BRAND_FILE: brandFile({ ukCheckMode: 'geoip' }),
        GEOIP_PROVIDER: 'database',
        TRUST_PROXY_HOPS: '1',
      },
    })
    try {
      await byVisitor.app.jobs.refreshRates()
      const customer = await signUpVerified(byVisitor)
      await declareSourceOfFunds(byVisitor, customer.token)
      await signAgreement(byVisitor, customer.token)
      const from = (ip: string) => ({
        method: 'POST' as const,
        url: '/v1/user/orderInitiateBuy',
        headers: { authorization: `Bearer ${customer.token}`, 'x-forwarded-for': ip },
        payload: {
          brandName: 'Helvex',
          amount: '250',
          assetId: 'btc_eur',
          wallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
        },
      })
      // The University of Cambridge; ETH Zurich.
      expect((await byVisitor.app.inject(from('131.111.8.46'))).json()).toEqual(refusedAt('uk_risk_warning'))
      expect((await byVisitor.app.inject(from('129.132.19.216'))).json().result).toBe(true)
      const banner = (ip: string) =>
        byVisitor.app.inject({
          method: 'POST',
          url: '/v1/public/getUkStatus',
          headers: { 'x-forwarded-for': ip },
          payload: { brandName: 'Helvex' },
        })
      expect((await banner('131.111.8.46')).json().data).toEqual({ isUk: true })
      expect((await banner('129.132.19.216')).json().data).toEqual({ isUk: false })
      // An address in no database (a private one): treated as in the UK, as decision 010 says.
      expect((await banner('10.0.0.7')).json().data).toEqual({ isUk: true })
    } finally {
      await byVisitor.close()
    }
  })
})

describe('the test clock control', () => {
  it('moves the server clock forward in test mode only', async () => {
    const own = await ukApp()
    const off = await buildTestApp({ env: { TEST_CONTROLS: 'false' } })
    try {
      const before = own.clock.now().getTime()
      const moved = await own.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: 3600 } })
      expect(moved.json()).toEqual({ result: true, data: { now: new Date(before + HOUR).toISOString() } })
      const back = await own.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: -60 } })
      expect(back.statusCode).toBe(400)
      expect(
        (await off.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: 60 } })).statusCode,
      ).toBe(404)
    } finally {
      await own.close()
      await off.close()
    }
  })
})
