import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { isIdentityUndecided, useIdentityStatus, type IdentityStatusPolling } from '../api/get-identity-status'
import { identityAlertCopy } from '../identity-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { identityCatalog } from '../messages'
import { IdentityFrame } from './identity-frame'

/** Spec-free choice: ask every 2 seconds, and after two minutes stop and say the result comes later. */
const RETURN_AUTH_POLLING: IdentityStatusPolling = { intervalMs: 2000, giveUpMs: 120_000 }

const STEPS = ['identity.return.sent', 'identity.return.checking', 'identity.return.result'] as const

/** Where the check stands, as three steps: done, under way, to come. */
function Progress({ current }: { current: number }) {
  const t = useCatalog(identityCatalog)
  return (
    <Stack gap="xs" component="ol" aria-label={t('identity.return.progress')} m={0} p={0} style={{ listStyle: 'none' }}>
      {STEPS.map((step, index) => {
        const state = t(
          index < current
            ? 'identity.return.done'
            : index === current
              ? 'identity.return.underWay'
              : 'identity.return.toCome',
        )
        return (
          <Group key={step} component="li" gap="sm" wrap="nowrap">
            <ThemeIcon
              size={24}
              radius="xl"
              variant={index <= current ? 'filled' : 'default'}
              color={index < current ? 'teal' : undefined}
              aria-hidden
            >
              {index < current ? '✓' : index === current ? <Loader size={12} color="white" /> : index + 1}
            </ThemeIcon>
            <Text size="sm" fw={index === current ? 700 : 400} c={index > current ? 'dimmed' : undefined}>
              {t(step)}
              <Text span size="xs" c="dimmed">
                {' '}
                ({state})
              </Text>
            </Text>
          </Group>
        )
      })}
    </Stack>
  )
}

/** After two minutes without a result: the result comes later, and the way back to the partner if it was left early. */
function TakingLonger({ started, recheck, busy }: { started: boolean; recheck: () => void; busy: boolean }) {
  const t = useCatalog(identityCatalog)
  return (
    <IdentityFrame title={t('identity.return.title')}>
      <Alert color="yellow" variant="light" title={t('identity.return.longerTitle')} w="100%">
        {t('identity.return.longerBody')}
      </Alert>
      {started ? (
        <Text size="sm">
          <RichText
            catalog={identityCatalog}
            id="identity.return.leftEarly"
            parts={[<Anchor component={Link} to={WEB_PATHS.hostedAuth} fw={600} />]}
          />
        </Text>
      ) : null}
      <Group gap="md">
        <Button variant="light" onClick={recheck} loading={busy}>
          {t('identity.action.checkAgain')}
        </Button>
        <Anchor component={Link} to={WEB_PATHS.authEnd} fw={600} size="sm">
          {t('identity.action.see')}
        </Anchor>
      </Group>
    </IdentityFrame>
  )
}

/**
 * /dashboard-returnauth: the identity partner sends the browser back here. The redirect proves nothing, so the screen
 * reads the stored status (`identityStatus`), asks again while the check is undecided, and goes on to /dashboard-authend
 * once it is decided or left to a person.
 */
export function ReturnAuthScreen({
  polling = RETURN_AUTH_POLLING,
  onDecided,
}: {
  polling?: IdentityStatusPolling
  /** The check was decided (or left to a person): what the customer owes may have changed with it. */
  onDecided?: () => void
}) {
  const t = useCatalog(identityCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const identity = useIdentityStatus(brand.brandName, polling)
  const answer = identity.data
  const check = answer && answer.result ? answer.data : null
  const movesOn = check !== null && check.status !== 'none' && !isIdentityUndecided(check.status)

  useEffect(() => {
    if (!movesOn) return
    onDecided?.()
    void navigate(WEB_PATHS.authEnd, { replace: true })
  }, [movesOn, navigate, onDecided])

  if (identity.isError || answer === false || (answer && !answer.result)) {
    return (
      <IdentityFrame title={t('identity.return.title')}>
        <Alert role="alert" color="red" variant="light" w="100%">
          {identityAlertCopy(answer && !answer.result ? answer.error : 'internal_error')}
        </Alert>
        <Button variant="light" onClick={() => void identity.refetch()} loading={identity.isFetching}>
          {t('identity.action.tryAgain')}
        </Button>
      </IdentityFrame>
    )
  }

  if (check?.status === 'none') {
    return (
      <IdentityFrame title={t('identity.return.title')}>
        <Text>{t('identity.return.notStarted')}</Text>
        <Button component={Link} to={WEB_PATHS.authStart}>
          {t('identity.action.start')}
        </Button>
      </IdentityFrame>
    )
  }

  if (identity.gaveUp && !movesOn) {
    return (
      <TakingLonger
        started={check?.status === 'started'}
        recheck={() => void identity.refetch()}
        busy={identity.isFetching}
      />
    )
  }

  return (
    <IdentityFrame title={t('identity.return.title')}>
      <Progress current={check?.status === 'pending' ? 1 : 0} />
      <Text role="status" aria-live="polite">
        {check?.status === 'pending' ? t('identity.return.pending') : t('identity.return.waiting')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('identity.return.stay')}
      </Text>
    </IdentityFrame>
  )
}
