import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useOrderInView } from '../../../lib/order-in-view'
import { formatDateTime } from '../../../lib/format'
import { unpaidReasonFor } from '../payment-result'
import { OrderFact } from './order-facts'
import { PaymentStep } from './payment-step'

/**
 * A declined or cancelled card leaves the order open at its price (decision 048): why, and the ways to try again on
 * the same order.
 */
function TryAgainOnThisOrder({ orderReference, reason }: { orderReference: string; reason: string }) {
  return (
    <Stack gap="md">
      <Alert role="note" color="red" variant="light" title="What happened">
        <Stack gap={4}>
          <Text size="sm">{reason}</Text>
          <Text size="sm">Nothing was charged.</Text>
        </Stack>
      </Alert>
      <Text size="sm">
        Your order is still open at the same price. Try another card, or choose another way to pay, before the price
        runs out.
      </Text>
      <Group gap="md">
        <Button component={Link} to={pathForOrder(WEB_PATHS.startCard, orderReference)}>
          Try another card
        </Button>
        <Button component={Link} to={pathForOrder(WEB_PATHS.method, orderReference)} variant="default">
          Choose another way to pay
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
  return (
    <Stack gap="md">
      <Alert role="note" color="red" variant="light" title="What happened">
        <Stack gap={4}>
          <Text size="sm">{reason}</Text>
          {charged !== null ? (
            <Text size="sm">
              {charged
                ? 'A refund can take a few working days to show on your statement.'
                : 'Nothing was charged for this order.'}
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Stack gap="xs" component="section" aria-labelledby="sorry-next-title">
        <Title id="sorry-next-title" order={2} fz="lg">
          What you can do
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Start a new order and try again, with another card or by bank transfer.</List.Item>
          <List.Item>If your card was declined, your bank can tell you why.</List.Item>
          <List.Item>
            If something seems wrong, contact our support team and give them the reference {orderReference}.
          </List.Item>
        </List>
      </Stack>
      <Group gap="md">
        <Button component={Link} to={WEB_PATHS.dashboard}>
          Buy again
        </Button>
        <Button component={Link} to={WEB_PATHS.support} variant="default">
          Contact support
        </Button>
      </Group>
    </Stack>
  )
}

/** /dashboard-sorry: the payment did not go through; why, in plain words, and what the customer can do now. */
export function SorryScreen() {
  const reference = useOrderInView('result')
  const charged = reference ? unpaidReasonFor(reference)?.charged === true : false

  return (
    <PaymentStep
      title="Payment not completed"
      description={charged ? 'Your payment came too late to buy anything.' : 'Your order was not paid.'}
      orderReference={reference}
      factsExtra={(order) => <OrderFact label="Ordered">{formatDateTime(order.createdAt)}</OrderFact>}
    >
      {({ order, events }) => {
        const returned = unpaidReasonFor(order.orderReference)
        const reason = returned?.reason ?? events.at(-1)?.words ?? 'The payment did not go through.'
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
