import type { PaymentReview } from '@exchange/shared/orders.schemas'
import { Alert, Stack, Text } from '@mantine/core'
import { formatDateTime, formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { ordersCatalog } from '../messages'
import { orderTrailCatalog } from '../order-trail/messages'
import { reviewReasonWords } from '../order-trail/trail-words'

/**
 * Money that arrived and is held for a person to check (decision 025): the order is neither waiting for a payment nor
 * expired, so the customer reads what came, why it is held, any shortfall, and what happens next.
 */
export function PaymentReviewNotice({ review, orderReference }: { review: PaymentReview; orderReference: string }) {
  const t = useCatalog(ordersCatalog)
  useCatalog(orderTrailCatalog)
  const received = formatFiat(review.amount, review.currency)
  return (
    <Alert role="note" color="yellow" variant="light" title={t('orders.status.payment_review')}>
      <Stack gap={6}>
        <Text size="sm">
          {t('orders.review.received', {
            amount: received,
            date: formatDateTime(review.receivedAt),
            payer: review.payerName,
          })}
        </Text>
        <Text size="sm">
          <RichText
            catalog={ordersCatalog}
            id="orders.review.why"
            values={{ reason: reviewReasonWords(review.reason) }}
            parts={[<strong />]}
          />
        </Text>
        {review.shortfall ? (
          <Text size="sm">
            <RichText
              catalog={ordersCatalog}
              id="orders.review.short"
              values={{ amount: formatFiat(review.shortfall, review.currency) }}
              parts={[<strong />]}
            />
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('orders.review.outcome', { reference: orderReference })}
        </Text>
      </Stack>
    </Alert>
  )
}
