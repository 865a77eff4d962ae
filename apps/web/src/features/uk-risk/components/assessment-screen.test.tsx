import { UK_ASSESSMENT_AREAS } from '@exchange/shared/uk-steps.schemas'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDateTime } from '../../../lib/format'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ukStatus } from '../../../test/uk-fixtures'
import { AssessmentScreen } from './assessment-screen'

const EARLIER = {
  riskWarning: { state: 'done', lastChoice: 'continue', decidedAt: '2026-03-01T09:00:00.000Z' },
  categorisation: { state: 'done', category: 'restricted', validUntil: '2027-03-01T09:05:00.000Z' },
} as const
const LOCKED_UNTIL = '2026-03-02T10:00:00.000Z'

/** A question set as the api sends it: questions and options, never which option is right. */
function questionSet(setId: string, attempt: number) {
  return ok({
    data: {
      assetType: 'cryptoasset',
      version: '2026-01',
      setId,
      attempt,
      passMark: 2,
      questions: [1, 2, 3].map((n) => ({
        id: `${setId}${n}`,
        text: `Set ${setId} question ${n}?`,
        options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Set ${setId} question ${n} option ${id}` })),
      })),
    },
  })
}

function renderQuest(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const onPassed = vi.fn()
  const api = mockApi({ ukStepsStatus: ukStatus(EARLIER), ukQuestionSet: questionSet('A', 1), ...handlers })
  return { api, onPassed, ...renderScreen(<AssessmentScreen onPassed={onPassed} />, { path: '/dashboard-prquest' }) }
}

async function answerAll(user: ReturnType<typeof userEvent.setup>, setId: string, option = 'a') {
  for (const n of [1, 2, 3]) {
    const group = await screen.findByRole('radiogroup', { name: new RegExp(`Set ${setId} question ${n}\\?`) })
    await user.click(within(group).getByRole('radio', { name: `Set ${setId} question ${n} option ${option}` }))
  }
}

describe('AssessmentScreen', () => {
  it("asks the api's questions with nothing chosen, and says nothing about an answer until the end", async () => {
    const user = userEvent.setup()
    const { api } = renderQuest()
    const form = await screen.findByRole('form', { name: 'Cryptoasset questions' })
    expect(within(form).getAllByRole('radiogroup')).toHaveLength(3)
    for (const radio of within(form).getAllByRole('radio')) expect(radio).not.toBeChecked()
    expect(
      within(form).getByText(/You need 2 correct answers to pass\. You see your result after the last answer\./),
    ).toBeInTheDocument()
    // Choosing an answer changes nothing on the screen but the choice: no hint, no per-question feedback.
    const before = form.textContent
    await user.click(within(form).getByRole('radio', { name: 'Set A question 1 option b' }))
    expect(within(form).getByRole('radio', { name: 'Set A question 1 option b' })).toBeChecked()
    expect(form.textContent).toBe(before)
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer every question (2 left).')
    expect(screen.getAllByText('Please choose an answer')).toHaveLength(2)
    expect(api.callsTo('ukAnswerQuestions')).toHaveLength(0)
  })

  it('after a fail shows broad reasons only, and a retake asks the next set', async () => {
    const user = userEvent.setup()
    let sets = 0
    const { api } = renderQuest({
      ukQuestionSet: () => (++sets === 1 ? questionSet('A', 1) : questionSet('B', 2)),
      ukAnswerQuestions: ok({
        data: {
          passed: false,
          score: 1,
          total: 3,
          attempt: 1,
          reasons: [{ area: 'protection', text: UK_ASSESSMENT_AREAS.protection }],
          lockedUntil: null,
        },
      }),
    })
    await answerAll(user, 'A')
    await user.click(screen.getByRole('button', { name: 'Send my answers' }))
    expect(await screen.findByRole('heading', { name: 'You did not pass this time.' })).toBeInTheDocument()
    expect(screen.getByText(UK_ASSESSMENT_AREAS.protection)).toBeInTheDocument()
    expect(
      screen.getByText('You answered 1 of 3 questions correctly. Before you try again, please read up on:'),
    ).toBeInTheDocument()
    // Never which question or answer was wrong.
    expect(screen.queryByText(/Set A question/)).not.toBeInTheDocument()
    expect(api.callsTo('ukAnswerQuestions')[0]!.body).toEqual({
      brandName: 'Helvex',
      assetType: 'cryptoasset',
      version: '2026-01',
      setId: 'A',
      answers: [
        { questionId: 'A1', optionId: 'a' },
        { questionId: 'A2', optionId: 'a' },
        { questionId: 'A3', optionId: 'a' },
      ],
    })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('radiogroup', { name: /Set B question 1\?/ })).toBeInTheDocument()
    expect(screen.getByText(/This is attempt 2, with different questions\./)).toBeInTheDocument()
    expect(api.callsTo('ukQuestionSet')).toHaveLength(2)
  })

  it('shows the 24-hour lock with its end after a second fail, with no way to try again', async () => {
    const user = userEvent.setup()
    renderQuest({
      ukQuestionSet: questionSet('B', 2),
      ukAnswerQuestions: ok({
        data: {
          passed: false,
          score: 0,
          total: 3,
          attempt: 2,
          reasons: [{ area: 'losing_money', text: UK_ASSESSMENT_AREAS.losing_money }],
          lockedUntil: LOCKED_UNTIL,
        },
      }),
    })
    await answerAll(user, 'B', 'c')
    await user.click(screen.getByRole('button', { name: 'Send my answers' }))
    expect(await screen.findByText(`Available again at ${formatDateTime(LOCKED_UNTIL)}.`)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Available again at')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows the lock when the customer comes back during it, without asking for questions', async () => {
    const { api } = renderQuest({
      ukStepsStatus: ukStatus({
        ...EARLIER,
        appropriateness: { state: 'waiting', attempts: 2, lockedUntil: LOCKED_UNTIL },
      }),
    })
    expect(await screen.findByText(`Available again at ${formatDateTime(LOCKED_UNTIL)}.`)).toBeInTheDocument()
    expect(api.callsTo('ukQuestionSet')).toHaveLength(0)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('goes on after a pass', async () => {
    const user = userEvent.setup()
    const { onPassed } = renderQuest({
      ukAnswerQuestions: ok({ data: { passed: true, score: 3, total: 3, attempt: 1, reasons: [], lockedUntil: null } }),
    })
    await answerAll(user, 'A')
    await user.click(screen.getByRole('button', { name: 'Send my answers' }))
    expect(await screen.findByRole('heading', { name: 'You passed.' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go on' }))
    await waitFor(() => expect(onPassed).toHaveBeenCalledTimes(1))
  })

  it("shows the api's refusal of the answers", async () => {
    const user = userEvent.setup()
    renderQuest({
      ukAnswerQuestions: fail('validation_failed', 400, {
        fields: { setId: 'This is not your current question set: please ask for the questions again' },
      }),
    })
    await answerAll(user, 'A')
    await user.click(screen.getByRole('button', { name: 'Send my answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This text has changed since the page was loaded.')
  })
})
