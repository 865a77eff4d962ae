import type { UkAnswerQuestionsAnswer, UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Alert, Button, Card, List, Radio, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { focusFirstError } from '../../../components/ui/form-parts'
import { useUkAnswerQuestions, useUkQuestionSet } from '../api/uk-steps'
import { availableAgainLine, firstEarlierStepOwed, ukAlertCopy } from '../uk-steps-copy'
import { EarlierStepFirst, InfoCard, UkStepFrame, WithUkStatus } from './uk-step-parts'

type Outcome = Extract<z.infer<typeof UkAnswerQuestionsAnswer>, { result: true }>['data']

/** The lock after the second fail and every later one: when a new attempt opens. */
function Locked({ until }: { until: string }) {
  return (
    <Alert color="orange" variant="light" radius="md" role="status">
      <Text size="sm">
        <strong>{availableAgainLine(until)}</strong> You can take the questions again then. After a second attempt that
        does not pass, UK rules ask for a 24-hour break before the next one.
      </Text>
    </Alert>
  )
}

/** The result, only once every answer is in: a pass, or a fail with broad areas to read up on, never the answers. */
function Result({ outcome, onRetake, onPassed }: { outcome: Outcome; onRetake: () => void; onPassed: () => void }) {
  if (outcome.passed)
    return (
      <InfoCard actions={<Button onClick={onPassed}>Go on</Button>}>
        <Title order={2} fz="lg">
          You passed.
        </Title>
        <Text size="sm">
          You answered {outcome.score} of {outcome.total} questions correctly. We keep your answers with your account.
        </Text>
      </InfoCard>
    )
  return (
    <InfoCard actions={outcome.lockedUntil ? undefined : <Button onClick={onRetake}>Try again</Button>}>
      <Title order={2} fz="lg">
        You did not pass this time.
      </Title>
      <Text size="sm">
        You answered {outcome.score} of {outcome.total} questions correctly. Before you try again, please read up on:
      </Text>
      <List size="sm" spacing={6}>
        {outcome.reasons.map((reason) => (
          <List.Item key={reason.area}>{reason.text}</List.Item>
        ))}
      </List>
      {outcome.lockedUntil ? (
        <Locked until={outcome.lockedUntil} />
      ) : (
        <Text size="sm">A new attempt asks different questions.</Text>
      )}
    </InfoCard>
  )
}

function Questions({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const brand = useBrand()
  const set = useUkQuestionSet(brand.brandName, true)
  const answerQuestions = useUkAnswerQuestions()
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)

  if (set.isPending) return <LoadingLines label="Loading the questions" />
  const answer = set.data
  if (!answer || !answer.result)
    return <LoadFailed message={ukAlertCopy(answer ?? false)} onRetry={() => void set.refetch()} />
  const questionSet = answer.data
  const order = questionSet.questions.map((question) => question.id)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    // Only whether each question has an answer is checked here: nothing says which answer is right until the end.
    const missing = Object.fromEntries(
      order.filter((id) => !answers[id]).map((id) => [id, 'Please choose an answer'] as const),
    )
    setErrors(missing)
    if (Object.keys(missing).length > 0) {
      setAlert(`Please answer every question (${Object.keys(missing).length} left).`)
      focusFirstError(order, missing, 'prquest')
      return
    }
    answerQuestions.mutate(
      {
        brandName: brand.brandName,
        assetType: questionSet.assetType,
        version: questionSet.version,
        setId: questionSet.setId,
        answers: order.map((questionId) => ({ questionId, optionId: answers[questionId]! })),
      },
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
    <form onSubmit={submit} noValidate aria-label="Cryptoasset questions">
      <Stack gap="lg">
        <Text size="sm">
          {questionSet.questions.length} questions, one answer each. You need {questionSet.passMark} correct answers to
          pass. You see your result after the last answer.
          {questionSet.attempt > 1 ? ` This is attempt ${questionSet.attempt}, with different questions.` : ''}
        </Text>
        {questionSet.questions.map((question, index) => (
          <Card key={question.id} withBorder radius="lg" padding="lg" component="section">
            <Radio.Group
              label={`${index + 1}. ${question.text}`}
              withAsterisk
              value={answers[question.id] ?? ''}
              onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
              error={errors[question.id] && !answers[question.id] ? errors[question.id] : undefined}
              styles={{ label: { fontWeight: 600, marginBottom: 4 } }}
            >
              <Stack gap="sm" mt="xs">
                {question.options.map((option, optionIndex) => (
                  <Radio
                    key={option.id}
                    id={optionIndex === 0 ? `prquest-${question.id}` : undefined}
                    value={option.id}
                    label={option.text}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
        ))}
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={answerQuestions.isPending} style={{ alignSelf: 'flex-start' }}>
          Send my answers
        </Button>
      </Stack>
    </form>
  )
}

function Assessment({ status, onPassed }: { status: UkStepsStatus; onPassed: () => Promise<void> | void }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const earlier = firstEarlierStepOwed(status, 'appropriateness')
  const { appropriateness } = status

  if (outcome)
    return (
      <Result
        outcome={outcome}
        onPassed={() => void onPassed()}
        onRetake={() => {
          // The next attempt gets the next set: the one answered is forgotten before asking again.
          queryClient.removeQueries({ queryKey: ['ukQuestionSet'] })
          setOutcome(null)
        }}
      />
    )
  if (earlier) return <EarlierStepFirst step={earlier} />
  if (appropriateness.state === 'done')
    return (
      <InfoCard actions={<Button onClick={() => void onPassed()}>Go on</Button>}>
        <Text>
          You passed the cryptoasset questions
          {appropriateness.passedAt ? ` on ${formatDateTime(appropriateness.passedAt)}` : ''}.
        </Text>
      </InfoCard>
    )
  if (appropriateness.state === 'waiting' && appropriateness.lockedUntil)
    return (
      // Nothing to click while the questions are locked (decision 087).
      <Locked until={appropriateness.lockedUntil} />
    )
  return <Questions onOutcome={setOutcome} />
}

/**
 * /dashboard-prquest: the appropriateness assessment (uk-regulation.md section 3). The questions come from the api
 * without their answers; no feedback until the last answer; a fail names broad areas only; a retake gets the next
 * set; the 24-hour lock after the second fail and every later one is shown with its end.
 */
export function AssessmentScreen({ notice, onPassed }: { notice?: ReactNode; onPassed: () => Promise<void> | void }) {
  return (
    <UkStepFrame
      title="Cryptoasset questions"
      intro="UK rules ask us to check that cryptoassets suit you before your first purchase. Please answer a few questions about how they work and their risks."
      notice={notice}
    >
      <WithUkStatus>{(status) => <Assessment status={status} onPassed={onPassed} />}</WithUkStatus>
    </UkStepFrame>
  )
}
