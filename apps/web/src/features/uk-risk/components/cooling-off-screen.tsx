import { UK_COOLING_OFF, UK_COOLING_OFF_HOURS } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Button, Card, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { BackButton, PageFrame } from '../../../components/ui/step-page'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { EnglishRulesNote } from './english-note'
import { useUkCoolingOffDecision } from '../api/uk-steps'
import { firstEarlierStepOwed } from '../uk-steps-copy'
import { CoolingOffWait } from './cooling-off-wait'
import { EarlierStepFirst, InfoCard, LeaveOrContinue, WithUkStatus, useLeaveOrContinue } from './uk-step-parts'

/** The customer chose to leave on this visit: nothing started, and the choice can be made again. */
function LeftCard({ onChooseAgain }: { onChooseAgain: () => void }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <InfoCard
      actions={
        <>
          <Button variant="default" onClick={onChooseAgain}>
            {t('uk-risk.coolingOff.chooseAgain')}
          </Button>
          <BackButton variant="default" />
        </>
      }
    >
      <Text fw={700}>{t('uk-risk.left.title')}</Text>
      <Text size="sm">{t('uk-risk.coolingOff.leftBody')}</Text>
    </InfoCard>
  )
}

/** The wait is over: "continue or leave", with equal prominence. */
function ChoiceCard({
  coolingOff,
  alert,
  pending,
  onChoose,
}: {
  coolingOff: UkStepsStatus['coolingOff']
  alert: string | null
  pending: 'leave' | 'continue' | null
  onChoose: (choice: 'leave' | 'continue') => void
}) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('uk-risk.coolingOff.choiceLabel')}>
      <Stack gap="md">
        <EnglishRulesNote />
        <Text fw={700} fz="lg" lang="en">
          {UK_COOLING_OFF.question}
        </Text>
        {coolingOff.endsAt ? (
          <Text size="sm" c="dimmed">
            {t('uk-risk.coolingOff.endedOn', { time: formatDateTime(coolingOff.endsAt) })}
            {coolingOff.lastChoice === 'leave' ? ` ${t('uk-risk.coolingOff.lastLeft')}` : ''}
          </Text>
        ) : null}
        <FormAlert message={alert} />
        <LeaveOrContinue onChoose={onChoose} pending={pending} labels={UK_COOLING_OFF.choices} />
      </Stack>
    </Card>
  )
}

function CoolingOff({ status, onContinued }: { status: UkStepsStatus; onContinued: () => Promise<void> | void }) {
  const t = useCatalog(ukRiskCatalog)
  const brand = useBrand()
  const decide = useUkCoolingOffDecision()
  const [left, setLeft] = useState(false)
  const { pending, alert, choose } = useLeaveOrContinue({
    send: (choice, callbacks) =>
      decide.mutate({ brandName: brand.brandName, textVersion: UK_COOLING_OFF.version, choice }, callbacks),
    onLeft: () => setLeft(true),
    onContinued,
  })
  const { coolingOff } = status
  const earlier = firstEarlierStepOwed(status, 'coolingOff')

  if (coolingOff.state === 'waiting' && coolingOff.endsAt)
    return <CoolingOffWait startedAt={coolingOff.startedAt} endsAt={coolingOff.endsAt} earlier={earlier} />
  if (earlier) return <EarlierStepFirst step={earlier} />
  if (left) return <LeftCard onChooseAgain={() => setLeft(false)} />
  if (!coolingOff.startedAt)
    return (
      <InfoCard actions={<BackButton />}>
        <Text size="sm">{t('uk-risk.coolingOff.notStarted', { hours: UK_COOLING_OFF_HOURS })}</Text>
      </InfoCard>
    )
  return <ChoiceCard coolingOff={coolingOff} alert={alert} pending={pending} onChoose={choose} />
}

/**
 * /dashboard-prwait: the 24-hour cooling-off on the server's clock (uk-regulation.md section 3): why the customer
 * waits and when it ends, with a live countdown; once over, "continue or leave" with equal prominence.
 */
export function CoolingOffScreen({
  notice,
  onContinued,
}: {
  notice?: ReactNode
  onContinued: () => Promise<void> | void
}) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <PageFrame title={t('uk-risk.coolingOff.title')} intro={t('uk-risk.coolingOff.intro')} notice={notice}>
      <WithUkStatus>
        {(status) =>
          status.coolingOff.state === 'done' ? (
            <InfoCard
              actions={
                <Button component={Link} to={WEB_PATHS.dashboard}>
                  {t('uk-risk.coolingOff.buy')}
                </Button>
              }
            >
              <Text>{t('uk-risk.coolingOff.over')}</Text>
            </InfoCard>
          ) : (
            <CoolingOff status={status} onContinued={onContinued} />
          )
        }
      </WithUkStatus>
    </PageFrame>
  )
}
