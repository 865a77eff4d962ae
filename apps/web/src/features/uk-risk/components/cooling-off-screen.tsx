import { UK_COOLING_OFF, UK_COOLING_OFF_HOURS } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { PageFrame } from '../../../components/ui/page-frame'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { takeReturnTo } from '../../../lib/return-to'
import { useAdvanceDevClock, useDevClock } from '../api/dev-clock'
import { UK_STEPS_QUERY_KEY, useUkCoolingOffDecision } from '../api/uk-steps'
import { firstEarlierStepOwed, ukAlertCopy } from '../uk-steps-copy'
import { BackButton, EarlierStepFirst, InfoCard, LeaveOrContinue, WithUkStatus } from './uk-step-parts'

/** Time left, as a person says it: "23 hours 5 minutes", "4 minutes", "less than a minute". */
export function timeLeftWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  if (ms <= 0) return 'no time'
  if (minutes <= 1) return 'less than a minute'
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
  if (hours === 0) return part(rest, 'minute')
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`
}

/** The browser's clock, ticking every second while the screen shows a countdown. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

/**
 * Development and test runs only: move the server clock to the end of the wait, so that a developer need not wait 24
 * hours. Shown only where the server has the clock control (never in production, decision 043).
 */
function DevSkipWait({ endsAt, onMoved }: { endsAt: string; onMoved: () => void }) {
  const clock = useDevClock()
  const advance = useAdvanceDevClock()
  if (!clock.data) return null
  const seconds = Math.max(1, Math.ceil((new Date(endsAt).getTime() - new Date(clock.data.now).getTime()) / 1000) + 1)
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Group gap="sm" justify="space-between">
        <Group gap="xs">
          <Badge color="red" variant="filled" radius="sm">
            Development only
          </Badge>
          <Text size="sm">
            This server runs in development or test mode: its clock can be moved forward to the end of the wait.
            Sessions age with it, so you may have to log in again.
          </Text>
        </Group>
        <Button
          size="xs"
          color="red"
          variant="outline"
          loading={advance.isPending}
          onClick={() => advance.mutate(seconds, { onSuccess: onMoved })}
        >
          Skip to the end of the wait
        </Button>
      </Group>
    </Card>
  )
}

function CoolingOff({ status, onContinued }: { status: UkStepsStatus; onContinued: () => Promise<void> | void }) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const decide = useUkCoolingOffDecision()
  const [pending, setPending] = useState<'leave' | 'continue' | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [left, setLeft] = useState(false)
  const { coolingOff } = status
  const waiting = coolingOff.state === 'waiting' && coolingOff.endsAt !== null
  const now = useNow(waiting)
  const earlier = firstEarlierStepOwed(status, 'coolingOff')
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [UK_STEPS_QUERY_KEY] })

  // The server's clock decides; when the browser's says the wait is over, ask the server again.
  const remaining = coolingOff.endsAt ? new Date(coolingOff.endsAt).getTime() - now : 0
  const over = waiting && remaining <= 0
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: [UK_STEPS_QUERY_KEY] })
  }, [over, queryClient])

  function choose(choice: 'leave' | 'continue') {
    setAlert(null)
    setPending(choice)
    decide.mutate(
      { brandName: brand.brandName, textVersion: UK_COOLING_OFF.version, choice },
      {
        onSuccess: async (answer) => {
          setPending(null)
          if (answer === false || !answer.result) return setAlert(ukAlertCopy(answer))
          if (choice === 'leave') {
            takeReturnTo()
            return setLeft(true)
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

  if (waiting && coolingOff.endsAt)
    return (
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your cooling-off period">
          <Stack gap="sm">
            <Text size="sm">{UK_COOLING_OFF.explanation}</Text>
            {coolingOff.startedAt ? (
              <Text size="sm">You first asked to buy on {formatDateTime(coolingOff.startedAt)}.</Text>
            ) : null}
            <Text fw={700} fz="lg">
              Your cooling-off period ends on {formatDateTime(coolingOff.endsAt)}.
            </Text>
            <Text size="sm" role="timer" aria-live="off">
              {over
                ? 'It should be over now: we are checking with our server.'
                : `Time left: about ${timeLeftWords(remaining)}.`}
            </Text>
            <Text size="sm" c="dimmed">
              The time is kept by our server, so changing the clock of your device does not change it. Come back after
              it ends: we ask you then whether you want to continue or leave.
            </Text>
          </Stack>
        </Card>
        {earlier ? (
          <Alert color="blue" variant="light" radius="md">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                You can use the wait to complete {earlier.title}: it is needed before you can buy, too.
              </Text>
              <Button component={Link} to={earlier.screen} size="xs" variant="light">
                Go to {earlier.title}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Group gap="sm">
          <BackButton />
          <Button variant="subtle" onClick={refresh}>
            Check again
          </Button>
        </Group>
        <DevSkipWait endsAt={coolingOff.endsAt} onMoved={refresh} />
      </Stack>
    )

  if (earlier) return <EarlierStepFirst step={earlier} />

  if (left)
    return (
      <InfoCard
        actions={
          <>
            <Button variant="default" onClick={() => setLeft(false)}>
              Choose again
            </Button>
            <BackButton variant="default" />
          </>
        }
      >
        <Text fw={700}>You chose to leave.</Text>
        <Text size="sm">We have not started anything for you. You can come back and choose again at any time.</Text>
      </InfoCard>
    )

  if (!coolingOff.startedAt)
    return (
      <InfoCard actions={<BackButton />}>
        <Text size="sm">
          Your {UK_COOLING_OFF_HOURS}-hour cooling-off period starts when you first ask to buy. We then show you here
          when it ends.
        </Text>
      </InfoCard>
    )

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Continue or leave">
      <Stack gap="md">
        <Text fw={700} fz="lg">
          {UK_COOLING_OFF.question}
        </Text>
        {coolingOff.endsAt ? (
          <Text size="sm" c="dimmed">
            It ended on {formatDateTime(coolingOff.endsAt)}.
            {coolingOff.lastChoice === 'leave' ? ' Last time you chose to leave; you can choose again.' : ''}
          </Text>
        ) : null}
        <FormAlert message={alert} />
        <LeaveOrContinue onChoose={choose} pending={pending} labels={UK_COOLING_OFF.choices} />
      </Stack>
    </Card>
  )
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
  return (
    <PageFrame
      title="Time to think it over"
      intro="UK rules give new customers 24 hours to think before their first purchase of cryptoassets."
      notice={notice}
    >
      <WithUkStatus>
        {(status) =>
          status.coolingOff.state === 'done' ? (
            <InfoCard
              actions={
                <Button component={Link} to="/dashboard">
                  Buy crypto
                </Button>
              }
            >
              <Text>Your cooling-off period is over and you chose to continue. You can buy.</Text>
            </InfoCard>
          ) : (
            <CoolingOff status={status} onContinued={onContinued} />
          )
        }
      </WithUkStatus>
    </PageFrame>
  )
}
