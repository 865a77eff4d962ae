import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { sofQuestions } from '../../../test/journey-fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { SourceOfFundsScreen } from './source-of-funds-screen'

const LATEST = {
  beneficialOwner: true,
  employmentStatus: 'self_employed',
  occupation: 'Architect, construction',
  incomeBand: '100k_250k',
  fundsOrigin: 'business_income',
  purpose: 'investment',
  expectedYearlyVolume: '10k_50k',
  politicallyExposed: false,
  highRiskCountryTies: false,
} as const

const sofAnswer = (answers: object | null, questions = sofQuestions) =>
  ok({
    data: {
      answers,
      questionsVersion: answers ? 'sof-2025-01' : null,
      answeredAt: answers ? '2025-01-01T12:00:00.000Z' : null,
      questions,
    },
  })

function renderSof(handlers: ApiHandlers = {}, onSaved = vi.fn(async () => false)) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ getSourceOfFunds: sofAnswer(null), saveSourceOfFunds: ok(), ...handlers })
  const view = renderScreen(
    <SourceOfFundsScreen evidence={<p>Evidence picker</p>} evidenceByThreshold={false} onSaved={onSaved} />,
    { path: '/dashboard-sof' },
  )
  return { api, onSaved, ...view }
}

const form = () => screen.getByRole('form', { name: 'Source of funds' })

async function answerEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: 'I am the beneficial owner of the assets' }))
  await user.selectOptions(screen.getByLabelText(/What is your employment status/), 'Employed')
  await user.type(screen.getByRole('textbox', { name: /What is your occupation/ }), 'Nurse, healthcare')
  await user.selectOptions(screen.getByLabelText(/What is your yearly income/), '25,000 to 50,000')
  await user.selectOptions(screen.getByLabelText(/Where does the money you will use come from/), 'Salary or wages')
  await user.selectOptions(screen.getByLabelText(/What do you mainly want to use/), 'Saving')
  await user.selectOptions(screen.getByLabelText(/How much do you expect to buy/), '1,000 to 10,000')
  await user.click(
    within(screen.getByRole('radiogroup', { name: /politically exposed person/ })).getByRole('radio', { name: 'No' }),
  )
  await user.click(
    within(screen.getByRole('radiogroup', { name: /high-risk or monitored/ })).getByRole('radio', { name: 'No' }),
  )
}

describe('SourceOfFundsScreen', () => {
  it('asks the questions as the api words them, with the declaration and its warning', async () => {
    renderSof({
      getSourceOfFunds: sofAnswer(null, { ...sofQuestions, occupation: 'What do you do for a living?' }),
    })
    expect(await screen.findByRole('textbox', { name: /What do you do for a living\?/ })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'I am the beneficial owner of the assets' })).not.toBeChecked()
    expect(screen.getByText('A false declaration is a criminal offence.')).toBeInTheDocument()
  })

  it('names every missing answer, sends nothing, and puts the focus on the first', async () => {
    const user = userEvent.setup()
    const { api } = renderSof()
    await user.click(await screen.findByRole('button', { name: 'Save answers' }))
    expect(screen.getByText('Please confirm that you are the beneficial owner of the assets')).toBeInTheDocument()
    expect(screen.getByText('Please choose your employment status')).toBeInTheDocument()
    expect(screen.getByText('Please enter your occupation')).toBeInTheDocument()
    expect(screen.getByText('Please answer whether you are a politically exposed person')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'I am the beneficial owner of the assets' })).toHaveFocus()
    expect(api.callsTo('saveSourceOfFunds')).toHaveLength(0)
  })

  it('asks for a description when the money comes from something else, and for evidence', async () => {
    const user = userEvent.setup()
    const { api } = renderSof()
    await screen.findByRole('button', { name: 'Save answers' })
    await answerEverything(user)
    expect(screen.queryByText('Evidence picker')).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText(/Where does the money you will use come from/), 'Something else')
    expect(screen.getByText('Evidence picker')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save answers' }))
    expect(await screen.findByText('Please describe where the money comes from')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Please describe where the money comes from/ })).toHaveFocus()
    expect(api.callsTo('saveSourceOfFunds')).toHaveLength(0)
  })

  it('saves the answers as the schema wants them and goes on in the journey', async () => {
    const user = userEvent.setup()
    const onSaved = vi.fn(async () => true)
    const { api } = renderSof({}, onSaved)
    await screen.findByRole('button', { name: 'Save answers' })
    await answerEverything(user)
    await user.click(screen.getByRole('button', { name: 'Save answers' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(api.callsTo('saveSourceOfFunds')[0]?.body).toEqual({
      brandName: 'Helvex',
      answers: {
        beneficialOwner: true,
        employmentStatus: 'employed',
        occupation: 'Nurse, healthcare',
        incomeBand: '25k_50k',
        fundsOrigin: 'salary',
        purpose: 'savings',
        expectedYearlyVolume: '1k_10k',
        politicallyExposed: false,
        highRiskCountryTies: false,
      },
    })
  })

  it('prefills the latest answers; a change is sent as a new answer with the declaration given again', async () => {
    const user = userEvent.setup()
    const { api } = renderSof({ getSourceOfFunds: sofAnswer(LATEST) })
    expect(await screen.findByRole('textbox', { name: /What is your occupation/ })).toHaveValue(
      'Architect, construction',
    )
    expect(screen.getByText(/You last answered on/)).toBeInTheDocument()
    expect(screen.getByLabelText(/What is your yearly income/)).toHaveValue('100k_250k')

    await user.selectOptions(screen.getByLabelText(/How much do you expect to buy/), 'Over 100,000')
    await user.click(screen.getByRole('button', { name: 'Save answers' }))
    expect(screen.getByText('Please confirm that you are the beneficial owner of the assets')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'I am the beneficial owner of the assets' }))
    await user.click(screen.getByRole('button', { name: 'Save answers' }))

    expect(await within(form()).findByText('Your answers are saved. Thank you.')).toBeInTheDocument()
    expect(api.callsTo('saveSourceOfFunds')[0]?.body).toMatchObject({
      answers: { ...LATEST, expectedYearlyVolume: 'over_100k' },
    })
  })

  it('shows the api’s field message when it refuses an answer', async () => {
    const user = userEvent.setup()
    renderSof({
      saveSourceOfFunds: fail('validation_failed', 400, {
        fields: { 'answers.occupation': 'Occupation contains invisible or control characters' },
      }),
    })
    await screen.findByRole('button', { name: 'Save answers' })
    await answerEverything(user)
    await user.click(screen.getByRole('button', { name: 'Save answers' }))
    expect(await screen.findByText('Occupation contains invisible or control characters')).toBeInTheDocument()
  })
})
