import {
  BENEFICIAL_OWNER_DECLARATION,
  FALSE_DECLARATION_WARNING,
  QUESTIONNAIRE_QUESTIONS,
  QuestionnaireAnswers,
  SOURCE_OF_FUNDS_QUESTIONS,
  SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { switchLanguage } from '../../lib/i18n/language'
import { sofQuestions } from '../../test/journey-fixtures'
import { mockApi, ok } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { SourceOfFundsScreen } from './components/source-of-funds-screen'
import { RULE_KEYS, questionText } from './due-diligence-copy'
import { dueDiligenceCatalog } from './messages'

describe('the due-diligence copy', () => {
  it('carries the shared questions, the declaration and the rules’ messages word for word in English', () => {
    const questions = { ...SOURCE_OF_FUNDS_QUESTIONS, ...QUESTIONNAIRE_QUESTIONS } as Record<string, string>
    // The version names the wording; the declaration is asked as its own two texts, below.
    const asked = Object.keys(questions).filter((key) => key !== 'version' && key !== 'beneficialOwner')
    for (const key of asked) expect(questionText(undefined, questions, key)).toBe(questions[key])
    expect(dueDiligenceCatalog.t('dueDiligence.declaration.beneficialOwner')).toBe(BENEFICIAL_OWNER_DECLARATION)
    expect(dueDiligenceCatalog.t('dueDiligence.declaration.falseWarning')).toBe(FALSE_DECLARATION_WARNING)
    for (const [text, key] of Object.entries(RULE_KEYS)) expect(dueDiligenceCatalog.t(key)).toBe(text)
  })

  it('has a translation for every message the shared rules give empty or unanswered forms', () => {
    const messages = [
      ...SourceOfFundsAnswers.safeParse({ occupation: 'x', fundsOrigin: 'other', purpose: 'other' }).error!.issues,
      ...SourceOfFundsAnswers.safeParse({
        beneficialOwner: true,
        employmentStatus: 'employed',
        occupation: 'Nurse',
        incomeBand: 'under_25k',
        fundsOrigin: 'other',
        purpose: 'other',
        expectedYearlyVolume: 'under_1k',
        politicallyExposed: false,
        highRiskCountryTies: false,
      }).error!.issues,
      ...QuestionnaireAnswers.safeParse({ sourceOfWealthDetails: 'short' }).error!.issues,
      ...QuestionnaireAnswers.safeParse({
        politicallyExposed: true,
        highRiskCountryTies: true,
        sourceOfWealth: 'other',
        sourceOfWealthDetails: 'Salary over twenty years',
      }).error!.issues,
    ].map((issue) => issue.message)
    for (const message of messages) expect(RULE_KEYS, message).toHaveProperty([message])
  })

  it('shows the source of funds in German, the shared questions and their rules included', async () => {
    await switchLanguage('de')
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    mockApi({
      getSourceOfFunds: ok({
        data: { answers: null, questionsVersion: null, answeredAt: null, questions: sofQuestions },
      }),
    })
    renderScreen(<SourceOfFundsScreen evidence={null} evidenceByThreshold={false} onSaved={async () => false} />, {
      path: '/dashboard-sof',
    })
    expect(
      await screen.findByRole('checkbox', { name: 'Ich bin wirtschaftlich berechtigt an den Vermögenswerten' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Was ist Ihr Beruf/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Antworten speichern' }))
    expect(await screen.findByText('Bitte geben Sie Ihren Beruf ein')).toBeInTheDocument()
    expect(screen.getByText('Bitte wählen Sie Ihre berufliche Situation')).toBeInTheDocument()
  })
})
