import { UK_COOLING_OFF } from '@exchange/shared/uk-regulation'
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { BackButton } from '../../../components/ui/step-page'
import { formatDateTime } from '../../../lib/format'
import { useAdvanceDevClock, useDevClock } from '../api/dev-clock'
import { useInvalidateUkSteps } from '../api/uk-steps'

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

/**
 * The wait itself: why, when it ends and a live countdown on the browser's clock. The server's clock decides; when the
 * browser's says the wait is over, the server is asked again. An earlier step still owed can be done meanwhile.
 */
export function CoolingOffWait({
  startedAt,
  endsAt,
  earlier,
}: {
  startedAt: string | null
  endsAt: string
  earlier: { screen: string; title: string } | null
}) {
  const refresh = useInvalidateUkSteps()
  const now = useNow(true)
  const remaining = new Date(endsAt).getTime() - now
  const over = remaining <= 0
  useEffect(() => {
    if (over) void refresh()
  }, [over, refresh])

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your cooling-off period">
        <Stack gap="sm">
          <Text size="sm">{UK_COOLING_OFF.explanation}</Text>
          {startedAt ? <Text size="sm">You first asked to buy on {formatDateTime(startedAt)}.</Text> : null}
          <Text fw={700} fz="lg">
            Your cooling-off period ends on {formatDateTime(endsAt)}.
          </Text>
          <Text size="sm" role="timer" aria-live="off">
            {over
              ? 'It should be over now: we are checking with our server.'
              : `Time left: about ${timeLeftWords(remaining)}.`}
          </Text>
          <Text size="sm" c="dimmed">
            The time is kept by our server, so changing the clock of your device does not change it. Come back after it
            ends: we ask you then whether you want to continue or leave.
          </Text>
        </Stack>
      </Card>
      {earlier ? <EarlierStepMeanwhile step={earlier} /> : null}
      <Group gap="sm">
        <BackButton />
        <Button variant="subtle" onClick={() => void refresh()}>
          Check again
        </Button>
      </Group>
      <DevSkipWait endsAt={endsAt} onMoved={() => void refresh()} />
    </Stack>
  )
}

/** An earlier step still owed, offered for the time of the wait. */
function EarlierStepMeanwhile({ step }: { step: { screen: string; title: string } }) {
  return (
    <Alert color="blue" variant="light" radius="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">You can use the wait to complete {step.title}: it is needed before you can buy, too.</Text>
        <Button component={Link} to={step.screen} size="xs" variant="light">
          Go to {step.title}
        </Button>
      </Stack>
    </Alert>
  )
}
