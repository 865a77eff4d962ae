import type { OrderSummary, PaymentReview } from '@exchange/shared/orders.schemas'
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatBps, formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { amountLabels } from '../../../lib/order-copy'
import { OrderStatusBadge } from './order-status-badge'
import { PriceHoldText } from './price-hold'
import { WalletFact } from './wallet-fact'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  )
}

/**
 * What the customer agreed to: reference, amounts, the fixed price and its fee; with a payment held for review, what
 * arrived and how much it is short of the order, beside the order amount (decision 087).
 */
export function OrderFacts({
  order,
  extra,
  review = null,
}: {
  order: OrderSummary
  extra?: ReactNode
  review?: PaymentReview | null
}) {
  const coin = order.cryptoCur.toUpperCase()
  const labels = amountLabels(order.statusName)
  const held = order.statusName === 'payment_review' ? review : null
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label="Reference">{order.orderReference}</Fact>
        <Fact label={labels.fiat}>{formatFiat(order.fiatAmount, order.fiatCur)}</Fact>
        {held ? <Fact label="Received, held for review">{formatFiat(held.amount, held.currency)}</Fact> : null}
        {held?.shortfall ? (
          <Fact label="Short of the order by">{formatFiat(held.shortfall, held.currency)}</Fact>
        ) : null}
        <Fact label={labels.crypto}>{formatCrypto(order.cryptoAmount, order.cryptoCur)}</Fact>
        <Fact label="Rate">
          1 {coin} = {formatFiat(order.price.rate, order.fiatCur)}
        </Fact>
        <Fact label="Fee">
          <Group gap={4} wrap="wrap">
            <span>{formatFiat(order.price.fee, order.fiatCur)}</span>
            <Text span size="xs" c="dimmed">
              ({formatBps(order.price.feeBps)})
            </Text>
          </Group>
        </Fact>
        {extra ?? (
          <Fact label="Price fixed">
            {order.statusName === 'initiated' || order.statusName === 'awaiting_payment' ? (
              <PriceHoldText priceExpiresAt={order.priceExpiresAt} />
            ) : (
              <>until {formatDateTime(order.priceExpiresAt)}</>
            )}
          </Fact>
        )}
      </SimpleGrid>
      <WalletFact wallet={order.orderWallet} coin={order.cryptoCur} />
    </Stack>
  )
}

export { Fact as OrderFact }

/**
 * The "Your order" card of the payment steps: the order's facts and status once loaded, a skeleton while loading,
 * and `fallback` (what the screen already knows) when the details could not be read.
 */
export function OrderCard({
  order,
  loading,
  fallback,
  extra,
  review = null,
}: {
  order: OrderSummary | null | undefined
  loading: boolean
  fallback: ReactNode
  extra?: ReactNode
  review?: PaymentReview | null
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Your order">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            Your order
          </Title>
          {order ? <OrderStatusBadge status={order.statusName} wrap /> : null}
        </Group>
        {order ? (
          <OrderFacts order={order} extra={extra} review={review} />
        ) : loading ? (
          <Stack gap="xs" role="status" aria-label="Loading your order">
            <Skeleton height={18} />
            <Skeleton height={18} />
          </Stack>
        ) : (
          <Text size="sm">{fallback}</Text>
        )}
      </Stack>
    </Card>
  )
}
