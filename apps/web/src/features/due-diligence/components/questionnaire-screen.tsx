import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { EnhancedCheckStatus } from '@exchange/shared/due-diligence.schemas'
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useQuestionnaire } from '../api/questionnaire'
import { useSourceOfFunds } from '../api/source-of-funds'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { dueDiligenceCatalog, type DueDiligenceId } from '../messages'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { BackButton, PageFrame } from '../../../components/ui/step-page'
import { QuestionnaireForm, formOf } from './questionnaire-form'

const STATUS_BADGES: Record<EnhancedCheckStatus, { label: DueDiligenceId; color: string } | null> = {
  not_answered: null,
  in_review: { label: 'dueDiligence.quest.status.in_review', color: 'blue' },
  approved: { label: 'dueDiligence.quest.status.approved', color: 'teal' },
  rejected: { label: 'dueDiligence.quest.status.rejected', color: 'red' },
}

/** Where the review stands, what it means and what happens next. */
function ReviewStatus({ status, answeredAt }: { status: EnhancedCheckStatus; answeredAt: string | null }) {
  const t = useCatalog(dueDiligenceCatalog)
  const brand = useBrand()
  const badge = STATUS_BADGES[status]
  if (!badge) return null
  let body: ReactNode
  if (status === 'in_review')
    body = (
      <>
        <Text fw={700}>{t('dueDiligence.quest.reviewing.title')}</Text>
        <Text size="sm">{t('dueDiligence.quest.reviewing.body')}</Text>
      </>
    )
  else if (status === 'approved') body = <Text size="sm">{t('dueDiligence.quest.approved')}</Text>
  else
    body = (
      <Text size="sm">
        <RichText
          catalog={dueDiligenceCatalog}
          id="dueDiligence.quest.rejected"
          values={{ email: brand.company.supportEmail }}
          parts={[
            <Anchor href={`mailto:${brand.company.supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }} />,
          ]}
        />
      </Text>
    )
  return (
    <Alert
      role="status"
      color={badge.color}
      variant="light"
      radius="md"
      title={
        <Group gap="xs">
          <Text fw={700} size="sm">
            {t('dueDiligence.quest.status.title')}
          </Text>
          <Badge color={badge.color} variant="filled" size="sm" radius="sm" tt="none">
            {t(badge.label)}
          </Badge>
        </Group>
      }
    >
      <Stack gap="xs">
        {body}
        {answeredAt ? (
          <Text size="xs" c="dimmed">
            {t('dueDiligence.quest.answeredOn', { date: formatDateTime(answeredAt) })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  )
}

/**
 * /dashboard-quest: the enhanced-checks questionnaire (decision 037). Its answers wait for a person; the screen says
 * so, what it means (new orders and payouts wait) and what happens next. A new answer is a new record, reviewed again.
 */
export function QuestionnaireScreen({ notice, onSaved }: { notice?: ReactNode; onSaved: () => void }) {
  const t = useCatalog(dueDiligenceCatalog)
  const brand = useBrand()
  const current = useQuestionnaire(brand.brandName)
  const sof = useSourceOfFunds(brand.brandName)
  const [editing, setEditing] = useState(false)
  const answer = current.data
  const data = answer && answer.result ? answer.data : null
  const sofAnswers = sof.data && sof.data.result ? sof.data.data.answers : null

  const showingForm = data !== null && (data.status === 'not_answered' || editing)
  let body: ReactNode
  if (current.isPending || sof.isPending) {
    body = <LoadingLines label={t('dueDiligence.sof.loading')} />
  } else if (!data) {
    body = <LoadFailed onRetry={() => void current.refetch()} />
  } else if (data.status !== 'not_answered' && !editing) {
    body = (
      <Stack gap="md">
        <ReviewStatus status={data.status} answeredAt={data.answeredAt} />
        <Group gap="sm">
          {data.status === 'rejected' ? (
            <Button component={Link} to={WEB_PATHS.support}>
              {t('dueDiligence.quest.contactSupport')}
            </Button>
          ) : (
            <BackButton style={{ alignSelf: 'flex-start' }} />
          )}
          <Button variant="subtle" onClick={() => setEditing(true)}>
            {t('dueDiligence.quest.change')}
          </Button>
        </Group>
      </Stack>
    )
  } else {
    body = (
      <Stack gap="md">
        {editing ? (
          <Alert color="yellow" variant="light">
            {t('dueDiligence.quest.changedNote')}
          </Alert>
        ) : null}
        <QuestionnaireForm
          initial={formOf(data.answers, sofAnswers)}
          questions={data.questions}
          onSaved={() => {
            setEditing(false)
            onSaved()
          }}
        />
      </Stack>
    )
  }

  return (
    <PageFrame
      title={t('dueDiligence.quest.title')}
      intro={t('dueDiligence.quest.intro')}
      notice={showingForm ? notice : null}
    >
      {body}
    </PageFrame>
  )
}
