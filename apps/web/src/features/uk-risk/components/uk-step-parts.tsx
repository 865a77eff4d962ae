import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { BackButton } from '../../../components/ui/back-button'
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states'
import { useBrand } from '../../../lib/brand-context'
import { useUkStepsStatus } from '../api/uk-steps'
import { availableAgainLine } from '../uk-steps-copy'

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
    <Group gap="md" grow wrap="nowrap" role="group" aria-label="Your choice">
      {button('leave')}
      {button('continue')}
    </Group>
  )
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
  const brand = useBrand()
  const status = useUkStepsStatus(brand.brandName)
  const answer = status.data
  if (status.isPending) return <LoadingLines label="Loading" />
  if (!answer || !answer.result) return <LoadFailed onRetry={() => void status.refetch()} />
  if (!answer.data.isUk)
    return (
      <InfoCard actions={<BackButton />}>
        <Text>This step is for customers in the United Kingdom only. There is nothing for you to do here.</Text>
      </InfoCard>
    )
  return <>{children(answer.data, () => void status.refetch())}</>
}

/**
 * An earlier UK step is owed: the regulation's order comes first (the api refuses otherwise too). A locked step is not
 * offered: the card says when it opens again, with nothing to click (decision 087).
 */
export function EarlierStepFirst({ step }: { step: { screen: string; title: string; lockedUntil?: string | null } }) {
  if (step.lockedUntil)
    return (
      <InfoCard>
        <Text>
          First comes {step.title}, which you cannot make again yet. {availableAgainLine(step.lockedUntil)} Nothing can
          be done here until then.
        </Text>
      </InfoCard>
    )
  return (
    <InfoCard
      actions={
        <Button component={Link} to={step.screen}>
          Go to {step.title}
        </Button>
      }
    >
      <Text>Please complete {step.title} first. The steps come in the order the UK rules set.</Text>
    </InfoCard>
  )
}

/** The step needs the customer's full name: `onDetailsNeeded` sends them to their details first (and back). */
export function DetailsFirst({ onDetailsNeeded }: { onDetailsNeeded: () => void }) {
  useEffect(() => onDetailsNeeded(), [onDetailsNeeded])
  return (
    <Text size="sm" role="status">
      We need your full name first: taking you to your details.
    </Text>
  )
}
