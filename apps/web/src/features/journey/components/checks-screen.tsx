import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomerIfKnown } from '../../../lib/customer-context'
import { useJourneyStatus } from '../api/get-journey-status'
import { ChecksPanel } from './checks-panel'
import { LoadFailed } from '../../../components/ui/load-states'

/**
 * /dashboard-checks: the checks panel on its own page (the menu's "Your checks"), and a plain word when nothing is
 * owed, neither a step nor a paid order waiting for the customer.
 */
export function ChecksScreen() {
  const brand = useBrand()
  const journey = useJourneyStatus(brand.brandName)
  const answer = journey.data
  const steps = answer && answer.result ? answer.data.steps : null
  // "Nothing to do" only when nothing is owed: no step, and no paid order waiting for the customer (decision 087).
  const ordersWait = (useCustomerIfKnown()?.waitingOrders.length ?? 0) > 0

  let body
  if (journey.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label="Loading your checks">
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
          <Text>All your checks are complete. There is nothing you need to do.</Text>
          <Button component={Link} to={WEB_PATHS.dashboard}>
            Buy crypto
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
          Your checks
        </Title>
        <Text c="dimmed" size="sm">
          The law asks us to know our customers and where their money comes from before money moves.
        </Text>
      </Stack>
      {body}
    </Stack>
  )
}
