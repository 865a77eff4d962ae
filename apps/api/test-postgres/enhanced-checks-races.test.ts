import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerResidenceChanges, customers } from '../src/db/tables/modules/customers'
import { sourceOfFundsAnswers } from '../src/db/tables/modules/due-diligence'
import {
  ADA_DETAILS,
  SOURCE_OF_FUNDS,
  type TestApp,
  buildTestApp,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  signAgreement,
  signUpVerified,
} from '../test/support'

const ENV = { JWT_SECRET: 'enhanced-checks-races-secret-0123456789-abcdef' }
const REFUSED = { result: false, error: 'step_required', step: 'enhanced_checks' }
const ROUNDS = 3

/** Two api processes on one PostgreSQL database, each with its own connection pool. */
let one: TestApp
let two: TestApp
beforeAll(async () => {
  one = await buildTestApp({ env: ENV })
  two = await buildTestApp({ env: ENV, sameDatabaseAs: one, clock: one.clock })
})
afterAll(async () => {
  await two.close()
  await one.close()
})

describe('enhanced checks under two requests at once (decision 081)', () => {
  it('answering "no" and moving out of a high-risk country at once, in two processes, lifts nothing', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await one.app.jobs.refreshRates()
      const customer = await signUpVerified(one)
      await declareSourceOfFunds(one, customer.token, { politicallyExposed: true, highRiskCountryTies: true })
      await signAgreement(one, customer.token)
      await callUser(one.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'NG' })
      const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))

      const answers = await Promise.all([
        callUser(one.app, 'saveSourceOfFunds', customer.token, {
          answers: SOURCE_OF_FUNDS,
        }),
        callUser(two.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, country: 'CH' }),
        callUser(two.app, 'saveSourceOfFunds', customer.token, {
          answers: { ...SOURCE_OF_FUNDS, occupation: 'Teacher', incomeBand: '50k_100k' },
        }),
      ])
      expect(answers.map((answer) => answer.body)).toEqual([{ result: true }, { result: true }, { result: true }])

      const buys = await Promise.all([initiateBuy(one, customer.token), initiateBuy(two, customer.token)])
      expect(buys.map((buy) => buy.body)).toEqual([REFUSED, REFUSED])
      const steps = (await callUser(two.app, 'journeyStatus', customer.token)).body.data.steps
      expect(steps).toContainEqual(expect.objectContaining({ id: 'enhanced_checks', state: 'required' }))

      // Every answer is kept with its time, and the move is a record of its own.
      const kept = await one.db
        .select({ pep: sourceOfFundsAnswers.politicallyExposed })
        .from(sourceOfFundsAnswers)
        .where(eq(sourceOfFundsAnswers.customerId, row!.id))
      expect(kept.map((answer) => answer.pep).sort()).toEqual([false, false, true])
      const moves = await one.db
        .select({ from: customerResidenceChanges.oldCountry, to: customerResidenceChanges.newCountry })
        .from(customerResidenceChanges)
        .where(eq(customerResidenceChanges.customerId, row!.id))
        .orderBy(customerResidenceChanges.id)
      expect(moves).toEqual([
        { from: null, to: 'NG' },
        { from: 'NG', to: 'CH' },
      ])
    }
  })
})
