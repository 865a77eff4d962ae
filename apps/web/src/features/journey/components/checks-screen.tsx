import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomerIfKnown } from '../../../lib/customer-context'
import { useJourneyStatus } from '../api/get-journey-status'
import { ChecksPanel } from './checks-panel'
import { LoadFailed } from '../../../components/ui/load-states'
import { useCatalog } from '../../../lib/i18n/catalog'
import { journeyCatalog } from '../messages'

/**
 * /dashboard-checks: the checks panel on its own page (the menu's "Your checks"), and a plain word when nothing is
 * owed, neither a step nor a paid order waiting for the customer.
 */
export function ChecksScreen() {
  const t = useCatalog(journeyCatalog)
  const brand = useBrand()
  const journey = useJourneyStatus(brand.brandName)
  const answer = journey.data
  const steps = answer && answer.result ? answer.data.steps : null
  // "Nothing to do" only when nothing is owed: no step, and no paid order waiting for the customer (decision 087).
  const ordersWait = (useCustomerIfKnown()?.waitingOrders.length ?? 0) > 0

  let body
  if (journey.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label={t('journey.checks.loading')}>
        <Skeleton height={18} />
        <Skeleton height={18} width="70%" />
      </Stack>
    )
  } else if (steps === null) {
    body = <LoadFailed onRetry={() => void journey.refetch()} />
  } else if (steps.length === 0 && !ordersWait) {
    body = (
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text>{t('journey.checks.complete')}</Text>
          <Button component={Link} to={WEB_PATHS.dashboard}>
            {t('journey.checks.buy')}
          </Button>
        </Stack>
      </Card>
    )
  } else {
    body = <ChecksPanel />
  }

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('journey.checks.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('journey.checks.lead')}
        </Text>
      </Stack>
      {body}
    </Stack>
  )
}
