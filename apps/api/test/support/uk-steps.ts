import { UK_CATEGORISATION_STATEMENTS, UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { UK_ASSESSMENTS } from '../../src/modules/uk-steps/appropriateness-questions'
import { callUser, succeeded } from './calls'
import { type TestApp } from './test-app'

/** The right option of every appropriateness question, read from the api's content as only a test may. */
export function rightAnswers(questions: readonly { id: string }[]) {
  const all = UK_ASSESSMENTS.cryptoasset.sets.flatMap((set) => set.questions)
  return questions.map((question) => {
    const known = all.find((candidate) => candidate.id === question.id)
    if (!known) throw new Error(`unknown question ${question.id}`)
    return { questionId: question.id, optionId: known.correct }
  })
}

/**
 * Walks a UK customer through the UK steps with the real calls (decision 041): the risk warning, a restricted
 * investor statement signed with their name, a passed assessment, and the cooling-off, moving the test clock past its
 * end. The customer's details must hold the name `signature`.
 */
export async function completeUkSteps(t: TestApp, token: string, signature = 'Ada Lovelace') {
  succeeded(
    'ukRiskDecision',
    await callUser(t.app, 'ukRiskDecision', token, {
      textVersion: UK_PERSONAL_RISK_WARNING.version,
      choice: 'continue',
      summaryOpened: true,
    }),
  )
  succeeded(
    'ukCategorise',
    await callUser(t.app, 'ukCategorise', token, {
      textVersion: UK_CATEGORISATION_STATEMENTS.version,
      statement: { category: 'restricted', investedUnderTenPercent: true, willLimitToTenPercent: true },
      signature,
    }),
  )
  const set = succeeded('ukQuestionSet', await callUser(t.app, 'ukQuestionSet', token)).data as {
    version: string
    setId: string
    questions: { id: string }[]
  }
  succeeded(
    'ukAnswerQuestions',
    await callUser(t.app, 'ukAnswerQuestions', token, {
      version: set.version,
      setId: set.setId,
      answers: rightAnswers(set.questions),
    }),
  )
  const status = succeeded('ukStepsStatus', await callUser(t.app, 'ukStepsStatus', token)).data as {
    coolingOff: { endsAt: string }
  }
  const wait = new Date(status.coolingOff.endsAt).getTime() - t.clock.now().getTime()
  if (wait > 0) t.clock.advance(wait)
  succeeded(
    'ukCoolingOffDecision',
    await callUser(t.app, 'ukCoolingOffDecision', token, { textVersion: UK_COOLING_OFF.version, choice: 'continue' }),
  )
}
