import { UK_PERSONAL_RISK_WARNING, personalRiskWarning } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Alert, Button, Modal, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { PageFrame } from '../../../components/ui/page-frame'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { takeReturnTo } from '../../../lib/return-to'
import { RiskSummaryModal } from './risk-summary-modal'
import bannerClasses from './uk-risk-banner.module.css'
import { useUkRiskDecision } from '../api/uk-steps'
import { ukAlertCopy } from '../uk-steps-copy'
import { BackButton, DetailsFirst, InfoCard, LeaveOrContinue, WithUkStatus } from './uk-step-parts'

/** Where the customer stands with the pop-up on this visit. */
type Outcome = 'open' | 'dismissed' | 'left'

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
  const [pending, setPending] = useState<'leave' | 'continue' | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [detailsNeeded, setDetailsNeeded] = useState(false)
  const fullName = status.fullName

  if (!fullName || detailsNeeded) return <DetailsFirst onDetailsNeeded={onDetailsNeeded} />

  function choose(choice: 'leave' | 'continue') {
    setAlert(null)
    setPending(choice)
    decide.mutate(
      { brandName: brand.brandName, textVersion: UK_PERSONAL_RISK_WARNING.version, choice, summaryOpened },
      {
        onSuccess: async (answer) => {
          setPending(null)
          if (answer === false || !answer.result) {
            if (answer && !answer.result && answer.error === 'details_required') return setDetailsNeeded(true)
            return setAlert(ukAlertCopy(answer))
          }
          if (choice === 'leave') {
            // Leaving ends this journey: nothing sends the customer back to an order they chose not to make.
            takeReturnTo()
            return setOutcome('left')
          }
          await onContinued()
        },
        onError: () => {
          setPending(null)
          setAlert(ukAlertCopy({ result: false, error: 'internal_error' }))
        },
      },
    )
  }

  // While the pop-up is open it is the only thing to read: the page behind says nothing yet.
  const page =
    outcome === 'open' && !summaryShown ? null : (
      <InfoCard
        actions={
          <>
            <Button variant="default" onClick={() => setOutcome('open')}>
              Show the risk warning again
            </Button>
            {outcome === 'left' ? <BackButton variant="default" /> : null}
          </>
        }
      >
        {outcome === 'left' ? (
          <>
            <Text fw={700}>You chose to leave.</Text>
            <Text size="sm">
              We have not started anything for you. If you change your mind, you can come back to this warning at any
              time and choose again.
            </Text>
          </>
        ) : (
          <Text size="sm">
            {status.riskWarning.lastChoice === 'leave' && status.riskWarning.decidedAt
              ? `Last time, on ${formatDateTime(status.riskWarning.decidedAt)}, you chose to leave. `
              : ''}
            You have not made a choice on this visit. Before your first purchase, please read the risk warning and
            choose whether to continue.
          </Text>
        )}
      </InfoCard>
    )

  return (
    <>
      {page}
      <Modal.Root
        opened={outcome === 'open' && !summaryShown}
        // Escape closes the pop-up without a choice: nothing is recorded.
        onClose={() => setOutcome('dismissed')}
        centered
        size="lg"
        radius="md"
        closeOnClickOutside={false}
        trapFocus
        returnFocus
        data-version={UK_PERSONAL_RISK_WARNING.version}
      >
        <Modal.Overlay />
        <Modal.Content style={{ border: '3px solid var(--mantine-color-gray-5)' }}>
          <Modal.Body pt="lg">
            <Stack gap="lg">
              <Modal.Title fw={700} fz="lg" lh={1.5} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
                {personalRiskWarning(fullName)}{' '}
                <button
                  type="button"
                  className={bannerClasses.link}
                  style={{ color: 'inherit' }}
                  onClick={() => {
                    setSummaryOpened(true)
                    setSummaryShown(true)
                  }}
                >
                  {UK_PERSONAL_RISK_WARNING.linkText}
                </button>
              </Modal.Title>
              <FormAlert message={alert} />
              <LeaveOrContinue onChoose={choose} pending={pending} labels={UK_PERSONAL_RISK_WARNING.choices} />
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
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
  return (
    <PageFrame
      title="Risk warning"
      intro="UK rules ask us to show you a personal risk warning before your first purchase of cryptoassets."
      notice={notice}
    >
      <WithUkStatus>
        {(status) =>
          status.riskWarning.state === 'done' ? (
            <InfoCard actions={<Button onClick={() => void onContinued()}>Go on</Button>}>
              <Alert color="teal" variant="light" radius="md" w="100%">
                You have read the risk warning and chose to continue
                {status.riskWarning.decidedAt ? ` on ${formatDateTime(status.riskWarning.decidedAt)}` : ''}.
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
