import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatBps, formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'

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

/** What the customer agreed to: reference, amounts, the fixed price and its fee. */
export function OrderFacts({ order, extra }: { order: OrderSummary; extra?: ReactNode }) {
  const coin = order.cryptoCur.toUpperCase()
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label="Reference">{order.orderReference}</Fact>
      <Fact label="You pay">{formatFiat(order.fiatAmount, order.fiatCur)}</Fact>
      <Fact label="You receive">{formatCrypto(order.cryptoAmount, order.cryptoCur)}</Fact>
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
      {extra ?? <Fact label="Price fixed until">{formatDateTime(order.priceExpiresAt)}</Fact>}
    </SimpleGrid>
  )
}

export { Fact as OrderFact }
