import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerResidenceChanges, customers } from '../src/db/tables/modules/customers'
import { sourceOfFundsAnswers } from '../src/db/tables/modules/due-diligence'
import {
  ADA_DETAILS,
  brandFile,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  signAgreement,
  signUpVerified,
  useTestApp,
  EVERY_ROLE,
  askAndApprove,
  useOperatorSession,
} from './support'

const QUESTIONNAIRE = {
  politicallyExposed: true,
  pepDetails: 'My father, member of the cantonal parliament of Zug since 2019',
  highRiskCountryTies: false,
  sourceOfWealth: 'employment',
  sourceOfWealthDetails: 'Salary as an engineer since 2010, savings of about CHF 200,000',
}
const REFUSED = { result: false, error: 'step_required', step: 'enhanced_checks' }

// A brand that does not serve the UK: only enhanced checks stand in the way here. In the tests' own brand a residence
// in Nigeria declared from a Swiss connection would owe the UK steps first (decision 091), which have tests of their own.
const t = useTestApp({ env: { BRAND_FILE: brandFile({ ukCheckMode: 'never' }) } })
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers
const secondOperator = useOperatorSession(t, ['compliance'], 'ops.bruno').headers

/** A signed-in customer who declared the source of funds (with `answers`) and signed the agreement. */
async function declared(answers: Record<string, unknown> = {}) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token, answers)
  await signAgreement(t, customer.token)
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, customerId: row!.id }
}

async function enhancedStep(token: string) {
  const steps = (await callUser(t.app, 'journeyStatus', token)).body.data.steps as { id: string; state: string }[]
  return steps.find((step) => step.id === 'enhanced_checks') ?? null
}

/** Cleared as the back office clears them: asked by one operator, approved by a second (decision 132). */
async function approveEnhancedChecks(customerId: string) {
  const response = await askAndApprove(
    t,
    'approve-enhanced-checks',
    { customerId, reason: 'Father is a cantonal MP; wealth plausible' },
    operatorHeaders as { cookie: string },
    secondOperator,
  )
  expect(response.json()).toEqual({ result: true, action: 'clear_enhanced_checks' })
}

describe('enhanced checks cannot be undone by the customer (decision 081)', () => {
  it('a politically exposed person who answers "no" again still owes them; both answers are kept', async () => {
    const customer = await declared({ politicallyExposed: true })
    t.clock.advance(60_000)
    await declareSourceOfFunds(t, customer.token, { politicallyExposed: false })
    expect((await initiateBuy(t, customer.token)).body).toEqual(REFUSED)
    expect(await enhancedStep(customer.token)).toMatchObject({ state: 'required' })
    const answers = await t.db
      .select({ pep: sourceOfFundsAnswers.politicallyExposed, at: sourceOfFundsAnswers.answeredAt })
      .from(sourceOfFundsAnswers)
      .where(eq(sourceOfFundsAnswers.customerId, customer.customerId))
      .orderBy(sourceOfFundsAnswers.id)
    expect(answers.map((answer) => answer.pep)).toEqual([true, false])
    expect(answers[1]!.at.getTime() - answers[0]!.at.getTime()).toBe(60_000)
  })

  it('a resident of a high-risk country who moves to Switzerland still owes them; the move is recorded', async () => {
    const customer = await declared()
    await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'NG' })
    expect((await initiateBuy(t, customer.token)).body).toEqual(REFUSED)
    t.clock.advance(60_000)
    expect(
      (await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'CH' })).body,
    ).toEqual({
      result: true,
    })
    expect((await initiateBuy(t, customer.token)).body).toEqual(REFUSED)
    const moves = await t.db
      .select()
      .from(customerResidenceChanges)
      .where(eq(customerResidenceChanges.customerId, customer.customerId))
      .orderBy(customerResidenceChanges.id)
    expect(moves.map(({ oldCountry, newCountry }) => [oldCountry, newCountry])).toEqual([
      [null, 'NG'],
      ['NG', 'CH'],
    ])
    expect(moves[1]!.declaredAt.getTime() - moves[0]!.declaredAt.getTime()).toBe(60_000)
    await expect(t.db.execute(sql`update customer_residence_changes set new_country = 'CH'`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from customer_residence_changes`)).rejects.toThrow()
  })

  it('answering again after an approval sends the customer back to review; a new approval clears it', async () => {
    const customer = await declared({ politicallyExposed: true })
    await callUser(t.app, 'saveQuestionnaire', customer.token, { answers: QUESTIONNAIRE })
    t.clock.advance(60_000)
    await approveEnhancedChecks(customer.customerId)
    await t.app.jobs.refreshRates()
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)

    t.clock.advance(60_000)
    await declareSourceOfFunds(t, customer.token, { politicallyExposed: false })
    expect(await enhancedStep(customer.token)).toMatchObject({ state: 'required' })
    expect((await initiateBuy(t, customer.token)).body).toEqual(REFUSED)

    await callUser(t.app, 'saveQuestionnaire', customer.token, { answers: QUESTIONNAIRE })
    expect(await enhancedStep(customer.token)).toMatchObject({ state: 'in_review' })
    t.clock.advance(60_000)
    await approveEnhancedChecks(customer.customerId)
    expect(await enhancedStep(customer.token)).toBeNull()
    await t.app.jobs.refreshRates()
    expect((await initiateBuy(t, customer.token)).body.result).toBe(true)
  })

  it('moving after an approval sends the customer back to review too', async () => {
    const customer = await declared()
    await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'NG' })
    await callUser(t.app, 'saveQuestionnaire', customer.token, {
      answers: { ...QUESTIONNAIRE, politicallyExposed: false },
    })
    t.clock.advance(60_000)
    await approveEnhancedChecks(customer.customerId)
    expect(await enhancedStep(customer.token)).toBeNull()
    t.clock.advance(60_000)
    await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'CH' })
    expect((await initiateBuy(t, customer.token)).body).toEqual(REFUSED)
  })
})
