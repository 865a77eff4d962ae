import type { UkDecisionAnswer, UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { Link } from 'react-router'
import { BackButton } from '../../../components/ui/step-page'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { useBrand } from '../../../lib/brand-context'
import { commonCatalog } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import { takeReturnTo } from '../../../lib/return-to'
import { useUkStepsStatus } from '../api/uk-steps'
import { availableAgainLine, type EarlierStep, ukAlertCopy } from '../uk-steps-copy'

/**
 * "Leave" and "Continue" with equal prominence (COBS 4.12A): one button component, one variant, one size and weight
 * for both, Leave first; neither is focused, highlighted or chosen in advance.
 */
export function LeaveOrContinue({
  onChoose,
  pending,
  labels,
}: {
  onChoose: (choice: 'leave' | 'continue') => void
  /** The choice being sent: both buttons wait, the chosen one shows it. */
  pending: 'leave' | 'continue' | null
  labels: { leave: string; continue: string }
}) {
  const t = useCatalog(ukRiskCatalog)
  const button = (choice: 'leave' | 'continue') => (
    <Button
      key={choice}
      variant="default"
      size="md"
      miw={140}
      data-choice={choice}
      loading={pending === choice}
      disabled={pending !== null && pending !== choice}
      onClick={() => onChoose(choice)}
    >
      {labels[choice]}
    </Button>
  )
  return (
    <Group gap="md" grow wrap="nowrap" role="group" aria-label={t('uk-risk.yourChoice')}>
      {button('leave')}
      {button('continue')}
    </Group>
  )
}

type Choice = 'leave' | 'continue'
type DecisionAnswer = z.infer<typeof UkDecisionAnswer> | false
type Refusal = Exclude<DecisionAnswer, { result: true }>

/** How the screen sends the choice: the api module's mutation, with the callbacks given here. */
type Send = (
  choice: Choice,
  callbacks: { onSuccess: (answer: DecisionAnswer) => Promise<void>; onError: () => void },
) => void

/**
 * A "leave or continue" choice of a UK step (the risk warning, the cooling-off): sends it, says which one is on its
 * way and, when it is refused or fails, the alert. `onRefused` may take a refusal itself (answering true); Leave ends
 * the journey (`onLeft`), Continue goes on (`onContinued`).
 */
export function useLeaveOrContinue({
  send,
  onRefused,
  onLeft,
  onContinued,
}: {
  send: Send
  onRefused?: (answer: Refusal) => boolean
  onLeft: () => void
  onContinued: () => Promise<void> | void
}) {
  const [pending, setPending] = useState<Choice | null>(null)
  const [alert, setAlert] = useState<string | null>(null)

  function choose(choice: Choice) {
    setAlert(null)
    setPending(choice)
    send(choice, {
      onSuccess: async (answer) => {
        setPending(null)
        if (answer === false || !answer.result) {
          if (onRefused?.(answer)) return
          return setAlert(ukAlertCopy(answer))
        }
        if (choice === 'leave') {
          // Leaving ends this journey: nothing sends the customer back to an order they chose not to make.
          takeReturnTo()
          return onLeft()
        }
        await onContinued()
      },
      onError: () => {
        setPending(null)
        setAlert(ukAlertCopy({ result: false, error: 'internal_error' }))
      },
    })
  }

  return { pending, alert, choose }
}

/** A calm card with a message and what the customer can do next. */
export function InfoCard({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md" align="flex-start">
        {children}
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Stack>
    </Card>
  )
}

/**
 * Loads `ukStepsStatus` and renders what every UK screen shows before its own content: loading, an error with a
 * retry, and a plain word for a customer the UK steps do not apply to. `children` gets the status once known.
 */
export function WithUkStatus({ children }: { children: (status: UkStepsStatus, refetch: () => void) => ReactNode }) {
  const t = useCatalog(ukRiskCatalog)
  const common = useCatalog(commonCatalog)
  const brand = useBrand()
  const status = useUkStepsStatus(brand.brandName)
  const answer = status.data
  if (status.isPending) return <LoadingLines label={common('common.loading')} />
  if (!answer || !answer.result) return <LoadFailed onRetry={() => void status.refetch()} />
  if (!answer.data.isUk)
    return (
      <InfoCard actions={<BackButton />}>
        <Text>{t('uk-risk.notForYou')}</Text>
      </InfoCard>
    )
  return <>{children(answer.data, () => void status.refetch())}</>
}

/**
 * An earlier UK step is owed: the regulation's order comes first (the api refuses otherwise too). A locked step is not
 * offered: the card says when it opens again, with nothing to click (decision 087).
 */
export function EarlierStepFirst({ step }: { step: EarlierStep & { lockedUntil?: string | null } }) {
  const t = useCatalog(ukRiskCatalog)
  if (step.lockedUntil)
    return (
      <InfoCard>
        <Text>
          {t('uk-risk.earlier.locked', { step: step.key, availableAgain: availableAgainLine(step.lockedUntil) })}
        </Text>
      </InfoCard>
    )
  return (
    <InfoCard
      actions={
        <Button component={Link} to={step.screen}>
          {t('uk-risk.earlier.goTo', { step: step.key })}
        </Button>
      }
    >
      <Text>{t('uk-risk.earlier.completeFirst', { step: step.key })}</Text>
    </InfoCard>
  )
}

/** The step needs the customer's full name: `onDetailsNeeded` sends them to their details first (and back). */
export function DetailsFirst({ onDetailsNeeded }: { onDetailsNeeded: () => void }) {
  const t = useCatalog(ukRiskCatalog)
  useEffect(() => onDetailsNeeded(), [onDetailsNeeded])
  return (
    <Text size="sm" role="status">
      {t('uk-risk.detailsFirst')}
    </Text>
  )
}
