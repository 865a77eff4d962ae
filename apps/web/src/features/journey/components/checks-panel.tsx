import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { OwedStep } from '@exchange/shared/journey.schemas'
import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomerIfKnown } from '../../../lib/customer-context'
import { rememberReturnTo } from '../../../lib/return-to'
import { useJourneyStatus } from '../api/get-journey-status'
import { isLockableStep, useStepLocks, type StepLocks } from '../api/get-step-locks'
import { useCatalog } from '../../../lib/i18n/catalog'
import { STATE_COLORS, STEP_NAMES, lockedLine, stateLabel, stepButtonLabel, stepExplanation } from '../journey-copy'
import { journeyCatalog } from '../messages'
import { CheckRow } from './check-row'
import { IdentityRejectedNotice } from './identity-rejected-notice'
import { WaitingOrders } from './waiting-orders'

function StepRow({ step, from, lockedUntil }: { step: OwedStep; from: string; lockedUntil?: string }) {
  const t = useCatalog(journeyCatalog)
  const titleId = useId()
  return (
    <CheckRow
      titleId={titleId}
      action={
        // A locked step offers nothing to click: its screen could only say the same (decision 087).
        lockedUntil ? null : (
          <Button
            component={Link}
            to={step.screen}
            onClick={() => rememberReturnTo(from, step.screen)}
            size="xs"
            variant={step.state === 'required' ? 'filled' : 'light'}
            aria-label={t('journey.checks.stepButton', {
              action: stepButtonLabel(step),
              title: STEP_NAMES[step.id].title,
            })}
          >
            {stepButtonLabel(step)}
          </Button>
        )
      }
    >
      <Group gap="xs" wrap="nowrap">
        <Text id={titleId} fw={700} size="sm">
          {STEP_NAMES[step.id].title}
        </Text>
        <Badge color={STATE_COLORS[step.state]} variant="light" size="sm" radius="sm" tt="none">
          {stateLabel(step.state)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {lockedUntil ? lockedLine(step.id, lockedUntil) : stepExplanation(step)}
      </Text>
    </CheckRow>
  )
}

function StepList({ title, steps, from, locks }: { title: string; steps: OwedStep[]; from: string; locks: StepLocks }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
      {steps.map((step) => (
        <StepRow key={step.id} step={step} from={from} lockedUntil={locks[step.id]} />
      ))}
    </Stack>
  )
}

/** The steps in one line, each with where it stands, and a link to the checks page where each is explained. */
function StepSummary({ steps }: { steps: OwedStep[] }) {
  const t = useCatalog(journeyCatalog)
  const item = (step: OwedStep) =>
    t('journey.checks.summaryItem', {
      title: STEP_NAMES[step.id].title,
      state: stateLabel(step.state).toLowerCase(),
    })
  return (
    <Text size="sm">
      {steps.map(item).join(', ')}.{' '}
      <Anchor component={Link} to={WEB_PATHS.checks} fw={600}>
        {t('journey.button.whatToDo')}
      </Anchor>
    </Text>
  )
}

/**
 * The checks the customer still owes (decision 038), the centre of the dashboard: each step in plain words with where
 * it stands, what that means and a button to its screen. Steps that hold up a new order come first, under their own
 * heading; the ones needed only before coins are sent follow. Paid orders waiting for the customer come before all of
 * them, each with the one thing that moves it on (decision 087). Nothing at all while nothing is owed, or while the
 * answer is unknown (the calculator must not jump for a panel that then disappears). After a final identity refusal,
 * only what that means (decision 088).
 *
 * `compactOnPhones`: on a phone the steps needed only before coins are sent fit in one line with a link to the checks
 * page, so the calculator below moves down only for what stands in the way of buying.
 */
export function ChecksPanel({ compactOnPhones = false }: { compactOnPhones?: boolean }) {
  const t = useCatalog(journeyCatalog)
  const brand = useBrand()
  const { pathname } = useLocation()
  const journey = useJourneyStatus(brand.brandName)
  const answer = journey.data
  const steps = answer && answer.result ? answer.data.steps : []
  const waitingOrders = useCustomerIfKnown()?.waitingOrders ?? []
  const locks = useStepLocks(
    brand.brandName,
    steps.some((step) => step.state === 'waiting' && isLockableStep(step.id)),
  )
  const headingId = useId()
  // A final identity refusal replaces every step and order: nothing can be bought or sent, and nothing here invites it.
  if (steps.some((step) => step.id === 'identity' && step.state === 'rejected')) return <IdentityRejectedNotice />
  if (journey.isPending || (steps.length === 0 && waitingOrders.length === 0)) return null

  // Each step under the first action it holds up: starting an order, paying for one (decision 080), or the payout.
  const beforeBuying = steps.filter((step) => step.blocks.includes('start_order'))
  const beforePaying = steps.filter((step) => !step.blocks.includes('start_order') && step.blocks.includes('pay'))
  const beforePayout = steps.filter((step) => !step.blocks.includes('start_order') && !step.blocks.includes('pay'))
  const groups = [
    { key: 'buy', title: t('journey.group.buy'), steps: beforeBuying },
    { key: 'pay', title: t('journey.group.pay'), steps: beforePaying },
    { key: 'payout', title: t('journey.group.payout'), steps: beforePayout },
  ].filter((group) => group.steps.length > 0)

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title id={headingId} order={2} fz="lg">
          {t('journey.checks.title')}
        </Title>
        {waitingOrders.length > 0 ? <WaitingOrders orders={waitingOrders} steps={steps} from={pathname} /> : null}
        {groups.map((group) => (
          <Stack key={group.key} gap={0}>
            <Text size="sm" fw={600} c={group.key === 'buy' ? undefined : 'dimmed'} mb={4}>
              {group.title}
            </Text>
            {compactOnPhones && group.key !== 'buy' ? (
              <>
                <Box visibleFrom="sm">
                  <StepList title={group.title} steps={group.steps} from={pathname} locks={locks} />
                </Box>
                <Box hiddenFrom="sm">
                  <StepSummary steps={group.steps} />
                </Box>
              </>
            ) : (
              <StepList title={group.title} steps={group.steps} from={pathname} locks={locks} />
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  )
}
