import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Alert, Button, List, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { PageFrame } from '../../../components/ui/step-page'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { ukRiskCatalog } from '../messages'
import { ukQuestionSetQueryOptions } from '../api/uk-steps'
import { availableAgainLine, firstEarlierStepOwed } from '../uk-steps-copy'
import { Questions, type Outcome } from './assessment-questions'
import { EarlierStepFirst, InfoCard, WithUkStatus } from './uk-step-parts'

/** The lock after the second fail and every later one: when a new attempt opens. */
function Locked({ until }: { until: string }) {
  return (
    <Alert color="orange" variant="light" radius="md" role="status">
      <Text size="sm">
        <RichText
          catalog={ukRiskCatalog}
          id="uk-risk.assessment.locked"
          values={{ availableAgain: availableAgainLine(until) }}
          parts={[<strong />]}
        />
      </Text>
    </Alert>
  )
}

/** The result, only once every answer is in: a pass, or a fail with broad areas to read up on, never the answers. */
function Result({ outcome, onRetake, onPassed }: { outcome: Outcome; onRetake: () => void; onPassed: () => void }) {
  const t = useCatalog(ukRiskCatalog)
  const score = { score: outcome.score, total: outcome.total }
  if (outcome.passed)
    return (
      <InfoCard actions={<Button onClick={onPassed}>{t('uk-risk.goOn')}</Button>}>
        <Title order={2} fz="lg">
          {t('uk-risk.assessment.passed')}
        </Title>
        <Text size="sm">{t('uk-risk.assessment.score', score)}</Text>
      </InfoCard>
    )
  return (
    <InfoCard
      actions={outcome.lockedUntil ? undefined : <Button onClick={onRetake}>{t('uk-risk.assessment.tryAgain')}</Button>}
    >
      <Title order={2} fz="lg">
        {t('uk-risk.assessment.failed')}
      </Title>
      <Text size="sm">{t('uk-risk.assessment.readUp', score)}</Text>
      <List size="sm" spacing={6} lang="en">
        {outcome.reasons.map((reason) => (
          <List.Item key={reason.area}>{reason.text}</List.Item>
        ))}
      </List>
      {outcome.lockedUntil ? (
        <Locked until={outcome.lockedUntil} />
      ) : (
        <Text size="sm">{t('uk-risk.assessment.newQuestions')}</Text>
      )}
    </InfoCard>
  )
}

function Assessment({ status, onPassed }: { status: UkStepsStatus; onPassed: () => Promise<void> | void }) {
  const t = useCatalog(ukRiskCatalog)
  const brand = useBrand()
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
          queryClient.removeQueries({ queryKey: ukQuestionSetQueryOptions(brand.brandName).queryKey })
          setOutcome(null)
        }}
      />
    )
  if (earlier) return <EarlierStepFirst step={earlier} />
  if (appropriateness.state === 'done')
    return (
      <InfoCard actions={<Button onClick={() => void onPassed()}>{t('uk-risk.goOn')}</Button>}>
        <Text>
          {appropriateness.passedAt
            ? t('uk-risk.assessment.passedOn', { time: formatDateTime(appropriateness.passedAt) })
            : t('uk-risk.assessment.passedBefore')}
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
  const t = useCatalog(ukRiskCatalog)
  return (
    <PageFrame title={t('uk-risk.assessment.title')} intro={t('uk-risk.assessment.intro')} notice={notice}>
      <WithUkStatus>{(status) => <Assessment status={status} onPassed={onPassed} />}</WithUkStatus>
    </PageFrame>
  )
}
