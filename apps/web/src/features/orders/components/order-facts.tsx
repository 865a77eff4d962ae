import type { OrderSummary, PaymentReview } from '@exchange/shared/orders.schemas'
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatBps, formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { amountLabels, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
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
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const coin = order.cryptoCur.toUpperCase()
  const labels = amountLabels(order.statusName)
  const held = order.statusName === 'payment_review' ? review : null
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Fact label={t('orders.fact.reference')}>{order.orderReference}</Fact>
        <Fact label={labels.fiat}>{formatFiat(order.fiatAmount, order.fiatCur)}</Fact>
        {held ? <Fact label={t('orders.fact.heldForReview')}>{formatFiat(held.amount, held.currency)}</Fact> : null}
        {held?.shortfall ? (
          <Fact label={t('orders.fact.shortBy')}>{formatFiat(held.shortfall, held.currency)}</Fact>
        ) : null}
        <Fact label={labels.crypto}>{formatCrypto(order.cryptoAmount, order.cryptoCur)}</Fact>
        <Fact label={t('orders.fact.rate')}>
          1 {coin} = {formatFiat(order.price.rate, order.fiatCur)}
        </Fact>
        <Fact label={t('orders.fact.fee')}>
          <Group gap={4} wrap="wrap">
            <span>{formatFiat(order.price.fee, order.fiatCur)}</span>
            <Text span size="xs" c="dimmed">
              ({formatBps(order.price.feeBps)})
            </Text>
          </Group>
        </Fact>
        {extra ?? (
          <Fact label={t('orders.fact.priceFixed')}>
            {order.statusName === 'initiated' || order.statusName === 'awaiting_payment' ? (
              <PriceHoldText priceExpiresAt={order.priceExpiresAt} />
            ) : (
              t('orders.fact.until', { date: formatDateTime(order.priceExpiresAt) })
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
  const t = useCatalog(ordersCatalog)
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('orders.card.title')}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('orders.card.title')}
          </Title>
          {order ? <OrderStatusBadge status={order.statusName} wrap /> : null}
        </Group>
        {order ? (
          <OrderFacts order={order} extra={extra} review={review} />
        ) : loading ? (
          <Stack gap="xs" role="status" aria-label={t('orders.card.loading')}>
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
