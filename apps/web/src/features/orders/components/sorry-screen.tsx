import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { pathForOrder } from '@exchange/shared/web-links'
import { useOrderInView } from '../../../lib/order-in-view'
import { formatDateTime } from '../../../lib/format'
import { unpaidReasonFor } from '../payment-result'
import { OrderFact } from './order-facts'
import { PaymentStep } from './payment-step'

/** /dashboard-sorry: the payment did not go through; why, in plain words, and what the customer can do now. */
export function SorryScreen({ basePath = '/dashboard' }: { basePath?: string }) {
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
        const reason = returned?.reason ?? events.at(-1)?.cause ?? 'The payment did not go through.'
        // A declined or cancelled card leaves the order open at its price (decision 048): try again on the same order.
        const stillOpen = order.statusName === 'initiated'
        const cardPath = pathForOrder(`${basePath}-startcc`, order.orderReference)
        const methodPath = pathForOrder(`${basePath}-method`, order.orderReference)
        if (stillOpen)
          return (
            <Stack gap="md">
              <Alert role="note" color="red" variant="light" title="What happened">
                <Stack gap={4}>
                  <Text size="sm">{reason}</Text>
                  <Text size="sm">Nothing was charged.</Text>
                </Stack>
              </Alert>
              <Text size="sm">
                Your order is still open at the same price. Try another card, or choose another way to pay, before the
                price runs out.
              </Text>
              <Group gap="md">
                <Button component={Link} to={cardPath}>
                  Try another card
                </Button>
                <Button component={Link} to={methodPath} variant="default">
                  Choose another way to pay
                </Button>
              </Group>
            </Stack>
          )
        return (
          <Stack gap="md">
            <Alert role="note" color="red" variant="light" title="What happened">
              <Stack gap={4}>
                <Text size="sm">{reason}</Text>
                {returned ? (
                  <Text size="sm">
                    {returned.charged
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
                  If something seems wrong, contact our support team and give them the reference {order.orderReference}.
                </List.Item>
              </List>
            </Stack>
            <Group gap="md">
              <Button component={Link} to="/dashboard">
                Buy again
              </Button>
              <Button component={Link} to="/dashSupport" variant="default">
                Contact support
              </Button>
            </Group>
          </Stack>
        )
      }}
    </PaymentStep>
  )
}
