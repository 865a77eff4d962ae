import type { PaymentReview } from '@exchange/shared/orders.schemas'
import { Alert, Stack, Text } from '@mantine/core'
import { formatDateTime, formatFiat } from '../../../lib/format'

/**
 * Money that arrived and is held for a person to check (decision 025): the order is neither waiting for a payment nor
 * expired, so the customer reads what came, why it is held, any shortfall, and what happens next.
 */
export function PaymentReviewNotice({ review, orderReference }: { review: PaymentReview; orderReference: string }) {
  const received = formatFiat(review.amount, review.currency)
  return (
    <Alert role="note" color="yellow" variant="light" title="Payment under review">
      <Stack gap={6}>
        <Text size="sm">
          We received {received} on {formatDateTime(review.receivedAt)} from an account in the name of{' '}
          {review.payerName}. A person checks it before we buy anything; your order keeps waiting and does not expire
          meanwhile.
        </Text>
        <Text size="sm">
          <strong>Why:</strong> {review.reason}
        </Text>
        {review.shortfall ? (
          <Text size="sm">
            <strong>Short of the order by {formatFiat(review.shortfall, review.currency)}.</strong> A payment short of
            the order cannot be accepted: it goes back to the account it came from once checked.
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          We e-mail you the outcome. If you have questions, contact support with the reference {orderReference}.
        </Text>
      </Stack>
    </Alert>
  )
}
