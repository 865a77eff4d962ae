import type { UkAnswerQuestionsAnswer, UkQuestionSetAnswer } from '@exchange/shared/uk-steps.schemas'
import { Button, Card, Radio, Stack, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { FormAlert, useForm, type FormOutcome } from '../../../components/ui/form'
import { focusFirstError } from '../../../components/ui/form-parts'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { EnglishRulesNote } from './english-note'
import { useUkAnswerQuestions, useUkQuestionSet } from '../api/uk-steps'
import { ukAlertCopy } from '../uk-steps-copy'

/** How one attempt ended: a pass, or a fail with the areas to read up on and any lock. */
export type Outcome = Extract<z.infer<typeof UkAnswerQuestionsAnswer>, { result: true }>['data']
type QuestionSet = Extract<z.infer<typeof UkQuestionSetAnswer>, { result: true }>['data']
type Question = QuestionSet['questions'][number]
/** The option chosen for each question, by the question's id. */
type Answers = Record<string, string>
type AnswerList = { questionId: string; optionId: string }[]

/** Only whether each question has an answer is checked here: nothing says which answer is right until the end. */
function everyQuestionAnswered(order: string[]) {
  return (answers: Answers): FormOutcome<Answers, AnswerList> => {
    const missing = order.filter((id) => !answers[id])
    if (missing.length > 0)
      return {
        errors: Object.fromEntries(missing.map((id) => [id, ukRiskCatalog.t('uk-risk.assessment.chooseAnswer')])),
      }
    return { data: order.map((questionId) => ({ questionId, optionId: answers[questionId]! })) }
  }
}

/** One question and its options, one answer to choose. */
function QuestionCard({
  question,
  index,
  value,
  error,
  onChange,
}: {
  question: Question
  index: number
  value: string | undefined
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Radio.Group
        label={<span lang="en">{`${index + 1}. ${question.text}`}</span>}
        withAsterisk
        value={value ?? ''}
        onChange={onChange}
        error={error}
        styles={{ label: { fontWeight: 600, marginBottom: 4 } }}
      >
        <Stack gap="sm" mt="xs">
          {question.options.map((option, optionIndex) => (
            <Radio
              key={option.id}
              id={optionIndex === 0 ? `prquest-${question.id}` : undefined}
              value={option.id}
              label={<span lang="en">{option.text}</span>}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  )
}

/** The questions of one attempt, each to be answered before the answers are sent. */
function QuestionsForm({
  questionSet,
  onOutcome,
}: {
  questionSet: QuestionSet
  onOutcome: (outcome: Outcome) => void
}) {
  const t = useCatalog(ukRiskCatalog)
  const brand = useBrand()
  const answerQuestions = useUkAnswerQuestions()
  const order = questionSet.questions.map((question) => question.id)
  const form = useForm<Answers, AnswerList>({}, everyQuestionAnswered(order))
  const [alert, setAlert] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    const answers = form.submit((missing) => {
      setAlert(t('uk-risk.assessment.answerEvery', { count: Object.keys(missing).length }))
      focusFirstError(order, missing as Record<string, string>, 'prquest')
    })
    if (!answers) return
    const { assetType, version, setId } = questionSet
    answerQuestions.mutate(
      { brandName: brand.brandName, assetType, version, setId, answers },
      {
        onSuccess: (result) => {
          if (result === false || !result.result) return setAlert(ukAlertCopy(result))
          onOutcome(result.data)
        },
        onError: () => setAlert(ukAlertCopy({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('uk-risk.assessment.title')}>
      <Stack gap="lg">
        <Text size="sm">
          {t('uk-risk.assessment.howItWorks', {
            count: questionSet.questions.length,
            passMark: questionSet.passMark,
          })}
          {questionSet.attempt > 1 ? ` ${t('uk-risk.assessment.attempt', { attempt: questionSet.attempt })}` : ''}
        </Text>
        <EnglishRulesNote />
        {questionSet.questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            index={index}
            value={form.values[question.id]}
            error={form.errors[question.id]}
            onChange={(value) => form.setField(question.id, value)}
          />
        ))}
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={answerQuestions.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('uk-risk.assessment.send')}
        </Button>
      </Stack>
    </form>
  )
}

/** The next attempt's questions, once loaded (asked once per visit of the screen). */
export function Questions({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const t = useCatalog(ukRiskCatalog)
  const brand = useBrand()
  const set = useUkQuestionSet(brand.brandName, true)
  if (set.isPending) return <LoadingLines label={t('uk-risk.assessment.loading')} />
  const answer = set.data
  if (!answer || !answer.result)
    return <LoadFailed message={ukAlertCopy(answer ?? false)} onRetry={() => void set.refetch()} />
  return <QuestionsForm questionSet={answer.data} onOutcome={onOutcome} />
}
