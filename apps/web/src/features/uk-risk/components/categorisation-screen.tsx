import { type UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { UK_CATEGORISATION_STATEMENTS } from '@exchange/shared/uk-regulation'
import { Button, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { PageFrame } from '../../../components/ui/step-page'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { firstEarlierStepOwed } from '../uk-steps-copy'
import { NotQualified } from './not-qualified'
import { StatementForm } from './statement-form'
import { DetailsFirst, EarlierStepFirst, InfoCard, WithUkStatus } from './uk-step-parts'

const TEXTS = UK_CATEGORISATION_STATEMENTS

interface UkStepRouting {
  /** A qualifying statement was signed: on to the next step, or back to where the customer was. */
  onQualified: () => Promise<void> | void
  /** The full name is not known yet: to the details first, and back here once saved. */
  onDetailsNeeded: () => void
}

function Categorisation({ status, onQualified, onDetailsNeeded }: UkStepRouting & { status: UkStepsStatus }) {
  const t = useCatalog(ukRiskCatalog)
  const earlier = firstEarlierStepOwed(status, 'categorisation')
  if (earlier) return <EarlierStepFirst step={earlier} />
  if (!status.fullName) return <DetailsFirst onDetailsNeeded={onDetailsNeeded} />
  const { categorisation } = status
  if (categorisation.state === 'waiting')
    return <NotQualified category={null} newStatementFrom={categorisation.newStatementFrom} />
  if (categorisation.state === 'done' && categorisation.category)
    return (
      <InfoCard actions={<Button onClick={() => void onQualified()}>{t('uk-risk.goOn')}</Button>}>
        <Title order={2} fz="lg">
          {t('uk-risk.categorisation.signed', { statement: TEXTS[categorisation.category].title.toLowerCase() })}
        </Title>
        {categorisation.validUntil ? (
          <Text size="sm">
            {t('uk-risk.categorisation.validUntil', { time: formatDateTime(categorisation.validUntil) })}
          </Text>
        ) : null}
      </InfoCard>
    )
  return <StatementForm fullName={status.fullName} onQualified={onQualified} />
}

/**
 * /dashboard-prst: the categorisation statement (uk-regulation.md section 3): restricted, high net worth or certified
 * sophisticated only, nothing chosen in advance, each with its own rule, signed with the typed full name. A statement
 * that does not qualify offers no other category; the api's pause is shown with its end.
 */
export function CategorisationScreen({ notice, onQualified, onDetailsNeeded }: UkStepRouting & { notice?: ReactNode }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <PageFrame title={t('uk-risk.categorisation.title')} intro={t('uk-risk.categorisation.intro')} notice={notice}>
      <WithUkStatus>
        {(status) => <Categorisation status={status} onQualified={onQualified} onDetailsNeeded={onDetailsNeeded} />}
      </WithUkStatus>
    </PageFrame>
  )
}
