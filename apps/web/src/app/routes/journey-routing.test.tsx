import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { getCurrentOrder } from '../../lib/current-order'
import { peekReturnTo, rememberReturnTo } from '../../lib/return-to'
import { grossData, ratesAnswer } from '../../test/fixtures'
import { journeyAnswer, owed, sofQuestions } from '../../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { ukStatus } from '../../test/uk-fixtures'
import { formatDateTime } from '../../lib/format'
import { Component as CalculatorRoute } from './calculator-route'
import { Component as SofRoute } from './sof-route'

const WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'

function renderCalculator(handlers: ApiHandlers, state?: unknown) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ getHpRates: ratesAnswer(), ...handlers })
  return { api, ...renderScreen(<CalculatorRoute />, { path: '/dashboard', customer: grossData(), state }) }
}

async function typeOrderAndBuy(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('1 BTC = 91,350.00 EUR')
  await user.clear(screen.getByRole('textbox', { name: 'You pay' }))
  await user.type(screen.getByRole('textbox', { name: 'You pay' }), '250')
  // Pasted, as customers give an address; typing it key by key takes seconds on a busy runner.
  await user.click(screen.getByRole('textbox', { name: 'Wallet address' }))
  await user.paste(WALLET)
  await user.click(screen.getByRole('button', { name: 'Buy BTC' }))
}

describe('an order refused for a journey step', () => {
  it('goes to the step’s screen, keeping the order typed and the calculator to come back to', async () => {
    const user = userEvent.setup()
    const { router } = renderCalculator({
      journeyStatus: journeyAnswer([owed('source_of_funds'), owed('identity')]),
      orderInitiateBuy: fail('step_required', 200, { step: 'source_of_funds' }),
    })
    await typeOrderAndBuy(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-sof'))
    expect(router.state.location.state).toEqual({ stepRequired: 'source_of_funds' })
    expect(peekReturnTo()).toBe('/dashboard')
    expect(getCurrentOrder()).toMatchObject({ orderAmount: '250', orderWallet: WALLET, orderReference: null })
  })

  it('stays on the calculator and says why when the step waits for a person', async () => {
    const user = userEvent.setup()
    const { router } = renderCalculator({
      journeyStatus: journeyAnswer([owed('enhanced_checks', 'in_review')]),
      orderInitiateBuy: fail('step_required', 200, { step: 'enhanced_checks' }),
    })
    await typeOrderAndBuy(user)
    expect(
      await screen.findByText(
        'You can buy again once our team has reviewed your additional questions. Your amount is kept.',
      ),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(screen.getByRole('textbox', { name: 'You pay' })).toHaveValue('250')
  })

  it('says when a locked investor statement opens again, and neither the line nor the checks lead to it', async () => {
    const user = userEvent.setup()
    const until = '2026-03-02T09:05:00.000Z'
    const { router } = renderCalculator({
      journeyStatus: journeyAnswer([owed('uk_categorisation', 'waiting')]),
      ukStepsStatus: ukStatus({
        riskWarning: { state: 'done' },
        categorisation: { state: 'waiting', newStatementFrom: until },
      }),
      orderInitiateBuy: fail('step_required', 200, { step: 'uk_categorisation' }),
    })
    const checks = await screen.findByRole('region', { name: 'Your checks' })
    const row = await within(checks).findByText(`Investor type: available again at ${formatDateTime(until)}.`, {
      exact: false,
    })
    expect(row.closest('li')).not.toBeNull()
    expect(within(row.closest('li')!).queryByRole('link')).not.toBeInTheDocument()
    await typeOrderAndBuy(user)
    expect(
      await screen.findByText(
        `You cannot start an order yet. Investor type: available again at ${formatDateTime(until)}. Nothing to do until then. Your amount is kept.`,
      ),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(screen.queryByRole('link', { name: /investor type/i })).not.toBeInTheDocument()
  })

  it('shows the checks above the calculator, and on coming back says the order can start', async () => {
    renderCalculator({ journeyStatus: journeyAnswer([owed('identity')]) }, { stepDone: true })
    expect(await screen.findByText(/Thank you, your answers are saved\./)).toBeInTheDocument()
    const panel = await screen.findByRole('region', { name: 'Your checks' })
    const steps = screen.getByRole('navigation', { name: 'Steps of your purchase' })
    expect(within(steps).getByText('Amount').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(within(panel).getByRole('listitem', { name: 'Identity check' })).toBeInTheDocument()
  })
})

describe('back from the source of funds', () => {
  const sofHandlers = (steps: Parameters<typeof journeyAnswer>[0]): ApiHandlers => ({
    getSourceOfFunds: ok({
      data: { answers: null, questionsVersion: null, answeredAt: null, questions: sofQuestions },
    }),
    saveSourceOfFunds: ok(),
    journeyStatus: journeyAnswer(steps),
  })

  async function answerAndSave(user: ReturnType<typeof userEvent.setup>, pep: 'Yes' | 'No') {
    await user.click(await screen.findByRole('checkbox', { name: 'I am the beneficial owner of the assets' }))
    await user.selectOptions(screen.getByLabelText(/employment status/), 'Employed')
    await user.type(screen.getByRole('textbox', { name: /occupation/ }), 'Nurse')
    await user.selectOptions(screen.getByLabelText(/yearly income/), 'Under 25,000')
    await user.selectOptions(screen.getByLabelText(/Where does the money/), 'Savings')
    await user.selectOptions(screen.getByLabelText(/mainly want to use/), 'Saving')
    await user.selectOptions(screen.getByLabelText(/expect to buy/), 'Under 1,000')
    await user.click(
      within(screen.getByRole('radiogroup', { name: /politically exposed/ })).getByRole('radio', { name: pep }),
    )
    await user.click(within(screen.getByRole('radiogroup', { name: /high-risk/ })).getByRole('radio', { name: 'No' }))
    await user.click(screen.getByRole('button', { name: 'Save answers' }))
  }

  it('returns to the calculator once nothing more stands in the way of an order', async () => {
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    rememberReturnTo('/dashboard')
    mockApi(sofHandlers([owed('identity')]))
    const { router } = renderScreen(<SofRoute />, {
      path: '/dashboard-sof',
      state: { stepRequired: 'source_of_funds' },
    })
    expect(
      await screen.findByText(/Before your first order we need to know where your money comes from\./),
    ).toBeInTheDocument()
    await answerAndSave(user, 'No')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(router.state.location.state).toEqual({ stepDone: true })
    expect(peekReturnTo()).toBeNull()
  })

  it('goes on to the questionnaire when the answers ask for it, still keeping the way back', async () => {
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    rememberReturnTo('/dashboard')
    mockApi(sofHandlers([owed('enhanced_checks'), owed('identity')]))
    const { router } = renderScreen(<SofRoute />, { path: '/dashboard-sof' })
    await answerAndSave(user, 'Yes')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-quest'))
    expect(router.state.location.state).toEqual({ stepRequired: 'enhanced_checks' })
    expect(peekReturnTo()).toBe('/dashboard')
  })

  it('never leads to an investor statement locked after a "No": back to where the customer was instead', async () => {
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    rememberReturnTo('/dashboard')
    mockApi(sofHandlers([owed('uk_categorisation', 'waiting'), owed('identity')]))
    const { router } = renderScreen(<SofRoute />, { path: '/dashboard-sof' })
    await answerAndSave(user, 'No')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('goes on to the UK cooling-off when it is what now stands before an order, to see when it ends', async () => {
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    rememberReturnTo('/dashboard')
    mockApi(sofHandlers([owed('uk_cooling_off', 'waiting'), owed('identity')]))
    const { router } = renderScreen(<SofRoute />, { path: '/dashboard-sof' })
    await answerAndSave(user, 'No')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-prwait'))
    expect(router.state.location.state).toEqual({ stepRequired: 'uk_cooling_off' })
    expect(peekReturnTo()).toBe('/dashboard')
  })
})
