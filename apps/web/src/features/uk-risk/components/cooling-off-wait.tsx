import { UK_COOLING_OFF } from '@exchange/shared/uk-regulation'
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { BackButton } from '../../../components/ui/step-page'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ukRiskCatalog } from '../messages'
import type { EarlierStep } from '../uk-steps-copy'
import { EnglishRulesNote } from './english-note'
import { useAdvanceDevClock, useDevClock } from '../api/dev-clock'
import { useInvalidateUkSteps } from '../api/uk-steps'

/** Time left, as a person says it: "23 hours 5 minutes", "4 minutes", "less than a minute". */
export function timeLeftWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  if (ms <= 0) return ukRiskCatalog.t('uk-risk.time.none')
  if (minutes <= 1) return ukRiskCatalog.t('uk-risk.time.lessThanMinute')
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return ukRiskCatalog.t('uk-risk.time.minutes', { minutes: rest })
  return rest === 0
    ? ukRiskCatalog.t('uk-risk.time.hours', { hours })
    : ukRiskCatalog.t('uk-risk.time.hoursMinutes', { hours, minutes: rest })
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
  const t = useCatalog(ukRiskCatalog)
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
            {t('uk-risk.dev.badge')}
          </Badge>
          <Text size="sm">{t('uk-risk.dev.explain')}</Text>
        </Group>
        <Button
          size="xs"
          color="red"
          variant="outline"
          loading={advance.isPending}
          onClick={() => advance.mutate(seconds, { onSuccess: onMoved })}
        >
          {t('uk-risk.dev.skip')}
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
  earlier: EarlierStep | null
}) {
  const t = useCatalog(ukRiskCatalog)
  const refresh = useInvalidateUkSteps()
  const now = useNow(true)
  const remaining = new Date(endsAt).getTime() - now
  const over = remaining <= 0
  useEffect(() => {
    if (over) void refresh()
  }, [over, refresh])

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('uk-risk.wait.label')}>
        <Stack gap="sm">
          <EnglishRulesNote />
          <Text size="sm" lang="en">
            {UK_COOLING_OFF.explanation}
          </Text>
          {startedAt ? (
            <Text size="sm">{t('uk-risk.wait.firstAsked', { time: formatDateTime(startedAt) })}</Text>
          ) : null}
          <Text fw={700} fz="lg">
            {t('uk-risk.wait.endsOn', { time: formatDateTime(endsAt) })}
          </Text>
          <Text size="sm" role="timer" aria-live="off">
            {over ? t('uk-risk.wait.checking') : t('uk-risk.wait.timeLeft', { time: timeLeftWords(remaining) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('uk-risk.wait.serverClock')}
          </Text>
        </Stack>
      </Card>
      {earlier ? <EarlierStepMeanwhile step={earlier} /> : null}
      <Group gap="sm">
        <BackButton />
        <Button variant="subtle" onClick={() => void refresh()}>
          {t('uk-risk.wait.checkAgain')}
        </Button>
      </Group>
      <DevSkipWait endsAt={endsAt} onMoved={() => void refresh()} />
    </Stack>
  )
}

/** An earlier step still owed, offered for the time of the wait. */
function EarlierStepMeanwhile({ step }: { step: EarlierStep }) {
  const t = useCatalog(ukRiskCatalog)
  return (
    <Alert color="blue" variant="light" radius="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('uk-risk.earlier.meanwhile', { step: step.key })}</Text>
        <Button component={Link} to={step.screen} size="xs" variant="light">
          {t('uk-risk.earlier.goTo', { step: step.key })}
        </Button>
      </Stack>
    </Alert>
  )
}
