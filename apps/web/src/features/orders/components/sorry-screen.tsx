import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useOrderInView } from '../../../lib/order-in-view'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'
import { orderTrailCatalog } from '../order-trail/messages'
import { trailWords } from '../order-trail/trail-words'
import { unpaidReasonFor } from '../payment-result'
import { OrderFact } from './order-facts'
import { PaymentStep } from './payment-step'

/** The api's own words for a payment that did not pay (a provider's reason is shown as the provider gave it). */
const API_REASONS = {
  'The payment did not go through.': 'orders.sorry.didNotGoThrough',
  'The order was paid another way.': 'orders.sorry.paidAnotherWay',
} as const

/** Why the payment did not pay the order, in the customer's language where the words are the api's own. */
function reasonWords(reason: string): string {
  const key = API_REASONS[reason as keyof typeof API_REASONS]
  return key ? ordersCatalog.t(key) : reason
}

/**
 * A declined or cancelled card leaves the order open at its price (decision 048): why, and the ways to try again on
 * the same order.
 */
function TryAgainOnThisOrder({ orderReference, reason }: { orderReference: string; reason: string }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="md">
      <Alert role="note" color="red" variant="light" title={t('orders.sorry.whatHappened')}>
        <Stack gap={4}>
          <Text size="sm">{reason}</Text>
          <Text size="sm">{t('orders.sorry.nothingCharged')}</Text>
        </Stack>
      </Alert>
      <Text size="sm">{t('orders.sorry.stillOpen')}</Text>
      <Group gap="md">
        <Button component={Link} to={pathForOrder(WEB_PATHS.startCard, orderReference)}>
          {t('orders.sorry.anotherCard')}
        </Button>
        <Button component={Link} to={pathForOrder(WEB_PATHS.method, orderReference)} variant="default">
          {t('orders.choose.another')}
        </Button>
      </Group>
    </Stack>
  )
}

/** An order that ended unpaid: why, whether money was taken, and what the customer can do now. */
function OrderEndedUnpaid({
  orderReference,
  reason,
  charged,
}: {
  orderReference: string
  reason: string
  /** Whether money was taken (and goes back); null when the return page read no outcome for this order. */
  charged: boolean | null
}) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="md">
      <Alert role="note" color="red" variant="light" title={t('orders.sorry.whatHappened')}>
        <Stack gap={4}>
          <Text size="sm">{reason}</Text>
          {charged !== null ? (
            <Text size="sm">{charged ? t('orders.sorry.refundTakes') : t('orders.sorry.nothingChargedOrder')}</Text>
          ) : null}
        </Stack>
      </Alert>
      <Stack gap="xs" component="section" aria-labelledby="sorry-next-title">
        <Title id="sorry-next-title" order={2} fz="lg">
          {t('orders.sorry.whatYouCanDo')}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>{t('orders.sorry.newOrder')}</List.Item>
          <List.Item>{t('orders.sorry.askBank')}</List.Item>
          <List.Item>{t('orders.sorry.contact', { reference: orderReference })}</List.Item>
        </List>
      </Stack>
      <Group gap="md">
        <Button component={Link} to={WEB_PATHS.dashboard}>
          {t('orders.sorry.buyAgain')}
        </Button>
        <Button component={Link} to={WEB_PATHS.support} variant="default">
          {t('orders.sorry.contactSupport')}
        </Button>
      </Group>
    </Stack>
  )
}

/** /dashboard-sorry: the payment did not go through; why, in plain words, and what the customer can do now. */
export function SorryScreen() {
  const t = useCatalog(ordersCatalog)
  useCatalog(orderTrailCatalog)
  const reference = useOrderInView('result')
  const charged = reference ? unpaidReasonFor(reference)?.charged === true : false

  return (
    <PaymentStep
      title={t('orders.timeline.paymentNotCompleted')}
      description={charged ? t('orders.sorry.tooLate') : t('orders.sorry.notPaid')}
      orderReference={reference}
      factsExtra={(order) => <OrderFact label={t('orders.sorry.ordered')}>{formatDateTime(order.createdAt)}</OrderFact>}
    >
      {({ order, events }) => {
        const returned = unpaidReasonFor(order.orderReference)
        const last = events.at(-1)
        const reason =
          (returned && reasonWords(returned.reason)) ??
          (last?.words ? trailWords(last.kind, last.words) : t('orders.sorry.didNotGoThrough'))
        if (order.statusName === 'initiated')
          return <TryAgainOnThisOrder orderReference={order.orderReference} reason={reason} />
        return (
          <OrderEndedUnpaid
            orderReference={order.orderReference}
            reason={reason}
            charged={returned ? returned.charged : null}
          />
        )
      }}
    </PaymentStep>
  )
}
