import { UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Alert, Button } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { PageFrame } from '../../../components/ui/step-page'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { formatDateTime } from '../../../lib/format'
import { RiskSummaryModal } from './risk-summary-modal'
import { RiskWarningPage, RiskWarningPopup, type Outcome } from './risk-warning-parts'
import { useUkRiskDecision } from '../api/uk-steps'
import { DetailsFirst, InfoCard, WithUkStatus, useLeaveOrContinue } from './uk-step-parts'

interface UkStepRouting {
  /** Continue was recorded: on to the next step, or back to where the customer was. */
  onContinued: () => Promise<void> | void
  /** The full name is not known yet: to the details first, and back here once saved. */
  onDetailsNeeded: () => void
}

function RiskWarning({ status, onContinued, onDetailsNeeded }: UkStepRouting & { status: UkStepsStatus }) {
  const brand = useBrand()
  const decide = useUkRiskDecision()
  const [outcome, setOutcome] = useState<Outcome>('open')
  const [summaryOpened, setSummaryOpened] = useState(false)
  const [summaryShown, setSummaryShown] = useState(false)
  const [detailsNeeded, setDetailsNeeded] = useState(false)
  const { pending, alert, choose } = useLeaveOrContinue({
    send: (choice, callbacks) =>
      decide.mutate(
        { brandName: brand.brandName, textVersion: UK_PERSONAL_RISK_WARNING.version, choice, summaryOpened },
        callbacks,
      ),
    onRefused: (answer) => {
      if (!answer || answer.error !== 'details_required') return false
      setDetailsNeeded(true)
      return true
    },
    onLeft: () => setOutcome('left'),
    onContinued,
  })
  const fullName = status.fullName

  if (!fullName || detailsNeeded) return <DetailsFirst onDetailsNeeded={onDetailsNeeded} />
  // While the pop-up is open it is the only thing to read: the page behind says nothing yet.
  const popupOpen = outcome === 'open' && !summaryShown
  return (
    <>
      {popupOpen ? null : <RiskWarningPage outcome={outcome} status={status} onShowAgain={() => setOutcome('open')} />}
      <RiskWarningPopup
        fullName={fullName}
        opened={popupOpen}
        onClose={() => setOutcome('dismissed')}
        onSummary={() => {
          setSummaryOpened(true)
          setSummaryShown(true)
        }}
        alert={alert}
        pending={pending}
        onChoose={choose}
      />
      <RiskSummaryModal opened={summaryShown} onClose={() => setSummaryShown(false)} />
    </>
  )
}

/**
 * /dashboard-prk: the personalised risk warning (uk-regulation.md section 3), a pop-up in the middle of the screen
 * with the customer's full name, "Leave" and "Continue" of equal prominence and the risk summary link. Escape closes it
 * without a choice; Leave is recorded and ends the journey (the customer can come back); Continue goes on.
 */
export function RiskWarningScreen({ notice, onContinued, onDetailsNeeded }: UkStepRouting & { notice?: ReactNode }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <PageFrame title={t('uk-risk.warning.title')} intro={t('uk-risk.warning.intro')} notice={notice}>
      <WithUkStatus>
        {(status) =>
          status.riskWarning.state === 'done' ? (
            <InfoCard actions={<Button onClick={() => void onContinued()}>{t('uk-risk.goOn')}</Button>}>
              <Alert color="teal" variant="light" radius="md" w="100%">
                {status.riskWarning.decidedAt
                  ? t('uk-risk.warning.doneOn', { time: formatDateTime(status.riskWarning.decidedAt) })
                  : t('uk-risk.warning.done')}
              </Alert>
            </InfoCard>
          ) : (
            <RiskWarning status={status} onContinued={onContinued} onDetailsNeeded={onDetailsNeeded} />
          )
        }
      </WithUkStatus>
    </PageFrame>
  )
}
