import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { EnhancedCheckStatus } from '@exchange/shared/due-diligence.schemas'
import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useQuestionnaire } from '../api/questionnaire'
import { useSourceOfFunds } from '../api/source-of-funds'
import { REVIEW_DURATION } from '../due-diligence-copy'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { BackButton, PageFrame } from '../../../components/ui/step-page'
import { QuestionnaireForm, formOf } from './questionnaire-form'

const STATUS_BADGES: Record<EnhancedCheckStatus, { label: string; color: string } | null> = {
  not_answered: null,
  in_review: { label: 'Being reviewed', color: 'blue' },
  approved: { label: 'Approved', color: 'teal' },
  rejected: { label: 'Rejected', color: 'red' },
}

/** Where the review stands, what it means and what happens next. */
function ReviewStatus({ status, answeredAt }: { status: EnhancedCheckStatus; answeredAt: string | null }) {
  const brand = useBrand()
  const badge = STATUS_BADGES[status]
  if (!badge) return null
  let body: ReactNode
  if (status === 'in_review')
    body = (
      <>
        <Text fw={700}>Thank you. Your answers are being reviewed.</Text>
        <Text size="sm">
          {REVIEW_DURATION} Until then, new orders wait and we do not send coins for orders you have paid. You do not
          need to do anything: come back to the dashboard to see the result. If we need more, we contact you by e-mail.
        </Text>
      </>
    )
  else if (status === 'approved')
    body = <Text size="sm">Our team has approved your answers. You can buy as usual.</Text>
  else
    body = (
      <Text size="sm">
        Our team could not accept your answers, so we cannot take new orders from you. Please contact our support team
        at{' '}
        <Anchor href={`mailto:${brand.company.supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {brand.company.supportEmail}
        </Anchor>
        . They can tell you more and what you can do.
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
            Your questionnaire
          </Text>
          <Badge color={badge.color} variant="filled" size="sm" radius="sm" tt="none">
            {badge.label}
          </Badge>
        </Group>
      }
    >
      <Stack gap="xs">
        {body}
        {answeredAt ? (
          <Text size="xs" c="dimmed">
            Answered on {formatDateTime(answeredAt)}.
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
    body = <LoadingLines label="Loading your answers" />
  } else if (!data) {
    body = <LoadFailed onRetry={() => void current.refetch()} />
  } else if (data.status !== 'not_answered' && !editing) {
    body = (
      <Stack gap="md">
        <ReviewStatus status={data.status} answeredAt={data.answeredAt} />
        <Group gap="sm">
          {data.status === 'rejected' ? (
            <Button component={Link} to={WEB_PATHS.support}>
              Contact support
            </Button>
          ) : (
            <BackButton style={{ alignSelf: 'flex-start' }} />
          )}
          <Button variant="subtle" onClick={() => setEditing(true)}>
            Change my answers
          </Button>
        </Group>
      </Stack>
    )
  } else {
    body = (
      <Stack gap="md">
        {editing ? (
          <Alert color="yellow" variant="light">
            Changed answers are kept as a new answer and reviewed again; until then, new orders wait.
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
      title="A few more questions"
      intro="Some answers, or the amounts you buy, ask for a closer look under Swiss law. A person at our team reads these answers; we keep them confidential."
      notice={showingForm ? notice : null}
    >
      {body}
    </PageFrame>
  )
}
