import { UK_PERSONAL_RISK_WARNING, personalRiskWarning } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Button, Modal, Stack, Text } from '@mantine/core'
import { BackButton } from '../../../components/ui/step-page'
import { FormAlert } from '../../../components/ui/form-alert'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { EnglishRulesNote } from './english-note'
import bannerClasses from './uk-risk-banner.module.css'
import { InfoCard, LeaveOrContinue } from './uk-step-parts'

/** Where the customer stands with the pop-up on this visit. */
export type Outcome = 'open' | 'dismissed' | 'left'

/** The page behind the pop-up once it is closed: the choice to leave, or no choice yet, and a way back to it. */
export function RiskWarningPage({
  outcome,
  status,
  onShowAgain,
}: {
  outcome: Outcome
  status: UkStepsStatus
  onShowAgain: () => void
}) {
  const t = useCatalog(ukRiskCatalog)
  const lastLeft = status.riskWarning.lastChoice === 'leave' && status.riskWarning.decidedAt
  return (
    <InfoCard
      actions={
        <>
          <Button variant="default" onClick={onShowAgain}>
            {t('uk-risk.warning.showAgain')}
          </Button>
          {outcome === 'left' ? <BackButton variant="default" /> : null}
        </>
      }
    >
      {outcome === 'left' ? (
        <>
          <Text fw={700}>{t('uk-risk.left.title')}</Text>
          <Text size="sm">{t('uk-risk.warning.leftBody')}</Text>
        </>
      ) : (
        <Text size="sm">
          {lastLeft ? `${t('uk-risk.warning.lastLeft', { time: formatDateTime(lastLeft) })} ` : ''}
          {t('uk-risk.warning.noChoice')}
        </Text>
      )}
    </InfoCard>
  )
}

/** The pop-up: the personalised warning with the risk summary link, then Leave and Continue. */
export function RiskWarningPopup({
  fullName,
  opened,
  onClose,
  onSummary,
  alert,
  pending,
  onChoose,
}: {
  fullName: string
  opened: boolean
  onClose: () => void
  onSummary: () => void
  alert: string | null
  pending: 'leave' | 'continue' | null
  onChoose: (choice: 'leave' | 'continue') => void
}) {
  return (
    <Modal.Root
      opened={opened}
      // Escape closes the pop-up without a choice: nothing is recorded.
      onClose={onClose}
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
            <EnglishRulesNote />
            <Modal.Title lang="en" fw={700} fz="lg" lh={1.5} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
              {personalRiskWarning(fullName)}{' '}
              <button type="button" className={bannerClasses.link} style={{ color: 'inherit' }} onClick={onSummary}>
                {UK_PERSONAL_RISK_WARNING.linkText}
              </button>
            </Modal.Title>
            <FormAlert message={alert} />
            <LeaveOrContinue onChoose={onChoose} pending={pending} labels={UK_PERSONAL_RISK_WARNING.choices} />
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
