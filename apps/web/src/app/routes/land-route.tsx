import type { OwedStep } from '@exchange/shared/journey.schemas'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useId } from 'react'
import { Link, Navigate } from 'react-router'
import { PageLoader } from '../../components/ui/page-loader'
import { useBrand } from '../../lib/brand-context'
import { useCustomer } from '../../lib/customer-context'
import { formatCrypto, formatDate, formatFiat } from '../../lib/format'
import { useJourneyStatus } from '../../features/journey/api/get-journey-status'
import { WaitingOrders } from '../../features/journey/components/waiting-orders'
import { STEP_NAMES, stepButtonLabel, stepExplanation } from '../../features/journey/journey-copy'
import { useHistory } from '../../features/orders/api/get-history'
import { OpenOrderCard } from '../../features/orders/components/open-order-card'
import { OrderStatusBadge } from '../../features/orders/components/order-status-badge'
import { useCatalog } from '../../lib/i18n/catalog'
import { screensCatalog } from './messages'

/** How many of the latest orders /land lists; History has them all. */
export const LAST_ORDERS_SHOWN = 3

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId()
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title id={headingId} order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}

/** The journey's next step the customer can act on, with the button to its screen; or that nothing is owed. */
function NextStep({ next, known }: { next: OwedStep | null; known: boolean }) {
  if (!known) return <Text size="sm">{screensCatalog.t('screens.land.checksFailed')}</Text>
  if (!next) return <Text size="sm">{screensCatalog.t('screens.land.nothingWaiting')}</Text>
  return (
    <Stack gap="xs" align="flex-start">
      <Text fw={700}>{STEP_NAMES[next.id].title}</Text>
      <Text size="sm">{stepExplanation(next)}</Text>
      <Button component={Link} to={next.screen}>
        {stepButtonLabel(next)}
      </Button>
    </Stack>
  )
}

function LastOrder({ order }: { order: OrderSummary }) {
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py={6}>
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          {screensCatalog.t('screens.land.order', { reference: order.orderReference })}
        </Text>
        <Text size="sm">
          {screensCatalog.t('screens.land.orderLine', {
            fiat: formatFiat(order.fiatAmount, order.fiatCur),
            crypto: formatCrypto(order.cryptoAmount, order.cryptoCur),
            date: formatDate(order.createdAt),
          })}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <OrderStatusBadge status={order.statusName} />
        <Button
          component={Link}
          to={pathForOrder(WEB_PATHS.history, order.orderReference)}
          size="compact-sm"
          variant="light"
          aria-label={screensCatalog.t('screens.land.detailsOf', { reference: order.orderReference })}
        >
          {screensCatalog.t('screens.land.details')}
        </Button>
      </Group>
    </Group>
  )
}

/**
 * /land, where login leads a returning customer (decision 125): their order in progress with the way to go on paying
 * it, the paid orders waiting for them, the next step of their journey and their last orders. A customer with no order
 * at all has nothing to come back to and goes on to the calculator.
 */
export function Component() {
  const t = useCatalog(screensCatalog)
  const brand = useBrand()
  const customer = useCustomer()
  const history = useHistory(brand.brandName, 1, undefined)
  const journey = useJourneyStatus(brand.brandName).data
  const answer = history.data
  const orders = answer && answer.result ? answer.data.orders : null
  const hasOpenOrders = customer.openOrder.length > 0 || customer.waitingOrders.length > 0

  if (!hasOpenOrders) {
    if (history.isPending) return <PageLoader label={t('screens.land.loadingOrders')} />
    if (orders && orders.length === 0) return <Navigate to={WEB_PATHS.dashboard} replace />
  }
  const steps = journey && journey.result ? journey.data.steps : []
  const lastOrders = orders?.slice(0, LAST_ORDERS_SHOWN) ?? []

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('screens.land.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('screens.land.lead')}
        </Text>
      </Stack>
      <OpenOrderCard />
      {customer.waitingOrders.length > 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <WaitingOrders orders={customer.waitingOrders} steps={steps} from={WEB_PATHS.land} />
        </Card>
      ) : null}
      <Section title={t('screens.land.nextStep')}>
        <NextStep next={journey && journey.result ? journey.data.next : null} known={!journey || journey.result} />
      </Section>
      <Section title={t('screens.land.lastOrders')}>
        {orders === null && !history.isPending ? (
          <Text size="sm">{t('screens.land.ordersFailed')}</Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('screens.land.lastOrders')}
          >
            {lastOrders.map((order) => (
              <LastOrder key={order.orderReference} order={order} />
            ))}
          </Stack>
        )}
        <Anchor component={Link} to={WEB_PATHS.history} size="sm" fw={600}>
          {t('screens.land.allOrders')}
        </Anchor>
      </Section>
      <Group>
        <Button component={Link} to={WEB_PATHS.dashboard} size="md">
          Buy crypto
        </Button>
      </Group>
    </Stack>
  )
}
