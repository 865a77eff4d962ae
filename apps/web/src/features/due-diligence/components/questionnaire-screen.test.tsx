import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { rememberReturnTo } from '../../../lib/return-to'
import { questQuestions, sofQuestions } from '../../../test/journey-fixtures'
import { mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { QuestionnaireScreen } from './questionnaire-screen'

const SOF_PEP = {
  beneficialOwner: true,
  employmentStatus: 'employed',
  occupation: 'Member of parliament',
  incomeBand: '100k_250k',
  fundsOrigin: 'salary',
  purpose: 'investment',
  expectedYearlyVolume: '10k_50k',
  politicallyExposed: true,
  highRiskCountryTies: false,
} as const

const QUEST = {
  politicallyExposed: true,
  pepDetails: 'Myself, member of the cantonal parliament of Zug since 2022',
  highRiskCountryTies: false,
  sourceOfWealth: 'employment',
  sourceOfWealthDetails: 'Twenty years as a lawyer; savings of about CHF 300,000.',
} as const

const questAnswer = (status: string, answers: object | null = status === 'not_answered' ? null : QUEST) =>
  ok({
    data: {
      answers,
      questionsVersion: answers ? 'quest-2025-01' : null,
      answeredAt: answers ? '2025-01-01T12:00:00.000Z' : null,
      status,
      questions: questQuestions,
    },
  })

function renderQuest(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const onSaved = vi.fn()
  const api = mockApi({
    getSourceOfFunds: ok({
      data: { answers: SOF_PEP, questionsVersion: 'sof-2025-01', answeredAt: null, questions: sofQuestions },
    }),
    getQuestionnaire: questAnswer('not_answered'),
    ...handlers,
  })
  return { api, onSaved, ...renderScreen(<QuestionnaireScreen onSaved={onSaved} />, { path: '/dashboard-quest' }) }
}

const radio = (group: RegExp, name: 'Yes' | 'No') =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name })

describe('QuestionnaireScreen', () => {
  it('starts from the yes/no answers given on sof and asks the details a "yes" needs', async () => {
    const user = userEvent.setup()
    const { api } = renderQuest()
    await waitFor(() => expect(radio(/politically exposed/, 'Yes')).toBeChecked())
    expect(radio(/high-risk or monitored/, 'No')).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Send answers for review' }))
    expect(screen.getByText('Please say who holds the public function, which one and where')).toBeInTheDocument()
    expect(screen.getByText('Please choose how you built your wealth')).toBeInTheDocument()
    expect(screen.getByText('Please describe how you built your wealth')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Who holds the public function/ })).toHaveFocus()
    expect(api.callsTo('saveQuestionnaire')).toHaveLength(0)
  })

  it('asks for the countries and the ties when the customer has high-risk ties', async () => {
    const user = userEvent.setup()
    renderQuest()
    await waitFor(() => expect(radio(/high-risk or monitored/, 'No')).toBeChecked())
    await user.click(radio(/high-risk or monitored/, 'Yes'))
    await user.click(screen.getByRole('button', { name: 'Send answers for review' }))
    expect(screen.getByText('Please name the countries')).toBeInTheDocument()
    expect(screen.getByText('Please describe the ties')).toBeInTheDocument()
  })

  it('sends the answers, then says a person reviews them and that orders wait', async () => {
    const user = userEvent.setup()
    let status = 'not_answered'
    const { api, onSaved } = renderQuest({
      getQuestionnaire: () => questAnswer(status),
      saveQuestionnaire: () => {
        status = 'in_review'
        return ok()
      },
    })
    await user.type(await screen.findByRole('textbox', { name: /Who holds the public function/ }), QUEST.pepDetails)
    await user.selectOptions(
      screen.getByLabelText(/How did you build your overall wealth/),
      'Work: salary and savings from it',
    )
    await user.type(screen.getByRole('textbox', { name: /Please describe how/ }), QUEST.sourceOfWealthDetails)
    await user.click(screen.getByRole('button', { name: 'Send answers for review' }))

    expect(await screen.findByText('Thank you. Your answers are being reviewed.')).toBeInTheDocument()
    expect(screen.getByText('Being reviewed')).toBeInTheDocument()
    expect(screen.getByText(/Until then, new orders wait and we do not send coins/)).toBeInTheDocument()
    expect(onSaved).toHaveBeenCalledTimes(1)
    // Details of a "no" are not stored as answers to a question that did not apply.
    expect(api.callsTo('saveQuestionnaire')[0]?.body).toEqual({ brandName: 'Helvex', answers: QUEST })
  })

  it('under review: no form, the way back to where the customer was, and a way to change the answers', async () => {
    const user = userEvent.setup()
    rememberReturnTo('/dashboard')
    const { router } = renderQuest({ getQuestionnaire: questAnswer('in_review') })
    expect(await screen.findByText('Thank you. Your answers are being reviewed.')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Questionnaire' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Change my answers' }))
    expect(screen.getByRole('form', { name: 'Questionnaire' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Who holds the public function/ })).toHaveValue(QUEST.pepDetails)
    expect(screen.getByText(/reviewed again; until then, new orders wait/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard-quest')
  })

  it('goes back to the calculator from the review', async () => {
    const user = userEvent.setup()
    rememberReturnTo('/dashboard')
    const { router } = renderQuest({ getQuestionnaire: questAnswer('in_review') })
    await user.click(await screen.findByRole('button', { name: 'Back to the dashboard' }))
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('rejected: says so and leads to support', async () => {
    renderQuest({ getQuestionnaire: questAnswer('rejected') })
    expect(await screen.findByText(/could not accept your answers/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/dashSupport')
  })
})
