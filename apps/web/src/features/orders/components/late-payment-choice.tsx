import type { LatePayment } from '@exchange/shared/orders.schemas'
import { Alert, Button, Group, Text } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime, formatFiat } from '../../../lib/format'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useDecideLatePayment } from '../api/decide-late-payment'

/**
 * Money that arrived after the order's price expired: the customer chooses to buy at today's price or to have it
 * sent back. Both choices look alike; neither is suggested.
 */
export function LatePaymentChoice({
  orderReference,
  latePayment,
}: {
  orderReference: string
  latePayment: LatePayment
}) {
  const brand = useBrand()
  const decide = useDecideLatePayment()
  const answer = decide.data
  const choose = (decision: 'reprice' | 'refund') =>
    decide.mutate({ orderReference, decision, brandName: brand.brandName })

  return (
    <Alert color="yellow" title="Your payment arrived after the price expired" role="note">
      <Text size="sm">
        We received {formatFiat(latePayment.amount, latePayment.currency)} on{' '}
        {formatDateTime(latePayment.receivedAt, 'minutes')}, after this order's price had expired. You can buy at
        today's price with that money, or have it sent back to the account it came from.
      </Text>
      <Group mt="sm" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button
          variant="default"
          onClick={() => choose('reprice')}
          loading={decide.isPending && decide.variables?.decision === 'reprice'}
          disabled={decide.isPending}
          h="auto"
          mih={36}
          py={6}
          miw={160}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          Buy at today's price
        </Button>
        <Button
          variant="default"
          onClick={() => choose('refund')}
          loading={decide.isPending && decide.variables?.decision === 'refund'}
          disabled={decide.isPending}
          h="auto"
          mih={36}
          py={6}
          miw={160}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          Send my money back
        </Button>
      </Group>
      {answer === false || (answer && !answer.result) ? (
        <Text size="sm" c="red.4" mt="xs" role="alert">
          {answer ? orderAlertCopy(answer) : 'Something went wrong, Please try again'}
        </Text>
      ) : null}
    </Alert>
  )
}
