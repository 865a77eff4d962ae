import type { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useOrderInView } from '../../../lib/order-in-view'
import { useOrderDetail } from '../api/get-order-detail'
import { orderMethodLabel } from '../order-display'
import { DeliveryFact } from './delivery-fact'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed" w="40%" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  )
}

/** Why there is no receipt to show, under the page's one heading (decision 125). */
function ReceiptMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Receipt
      </Title>
      <Alert color="gray" variant="light" title={title}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{children}</Text>
          <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
            Go to History
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  )
}

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/** The receipt itself: who issued it, for whom, and the order's amounts, price, dates, wallet and transaction. */
function ReceiptDocument({ detail }: { detail: OrderDetail }) {
  const brand = useBrand()
  const customer = useCustomer()
  const { order, events, delivery } = detail
  const paidAt = events.find((event) => event.toStatus === 'paid')?.at
  const completedAt = delivery?.deliveredAt ?? events.findLast((event) => event.toStatus === 'completed')?.at
  const name = [customer.details.firstName, customer.details.lastName].filter(Boolean).join(' ')
  const coin = order.cryptoCur.toUpperCase()

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article" aria-label="Receipt">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {brand.company.name}
            </Text>
            <Text size="sm" c="dimmed">
              {brand.company.address}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Receipt
            </Title>
            <Text size="sm" fw={600}>
              Order {order.orderReference}
            </Text>
          </Stack>
        </Group>
        <Divider />
        <Table variant="vertical" withRowBorders layout="fixed" fz="sm" verticalSpacing={6}>
          <Table.Tbody>
            <Row label="Customer">{name || customer.details.email}</Row>
            <Row label="Order reference">{order.orderReference}</Row>
            <Row label="Order date">{formatDateTime(order.createdAt)}</Row>
            {paidAt ? <Row label="Paid on">{formatDateTime(paidAt)}</Row> : null}
            {completedAt ? <Row label="Coins sent on">{formatDateTime(completedAt)}</Row> : null}
            <Row label="Payment method">{orderMethodLabel(order)}</Row>
            <Row label="Crypto bought for">{formatFiat(order.price.netFiat, order.fiatCur)}</Row>
            <Row label="Fee">{formatFiat(order.price.fee, order.fiatCur)}</Row>
            <Row label="Total incl. fee">{formatFiat(order.fiatAmount, order.fiatCur)}</Row>
            <Row label="Price">
              1 {coin} = {formatFiat(order.price.rate, order.fiatCur)}
            </Row>
            <Row label="You received">{formatCrypto(order.cryptoAmount, order.cryptoCur)}</Row>
            <Row label="Coin">{coin}</Row>
            <Row label="Wallet">
              <Text span ff="monospace" fz="sm" fw={600}>
                {order.orderWallet}
              </Text>
            </Row>
          </Table.Tbody>
        </Table>
        {delivery ? <DeliveryFact delivery={delivery} /> : null}
        <Text size="xs" c="dimmed">
          Issued by {brand.company.name} for order {order.orderReference}. Keep it for your records.
        </Text>
      </Stack>
    </Paper>
  )
}

/**
 * /dashboard-receipt?order=REF: the receipt of a completed order, to print or save as PDF from the browser. The api
 * answers only the customer's own orders; an order whose coins were not sent (unpaid, failed, refunded, still buying)
 * has no receipt, and the page says so.
 */
export function ReceiptScreen() {
  const brand = useBrand()
  const reference = useOrderInView('result')
  const detail = useOrderDetail(brand.brandName, reference)
  const answer = detail.data

  if (reference === null)
    return (
      <ReceiptMessage title="Receipt">
        We cannot tell which order this receipt is for. Open it from History.
      </ReceiptMessage>
    )
  if (detail.isPending)
    return (
      <Stack gap="xs" role="status" aria-label="Loading the receipt" maw={720}>
        <Skeleton height={24} />
        <Skeleton height={18} />
        <Skeleton height={18} />
      </Stack>
    )
  if (!answer || !answer.result)
    return (
      <ReceiptMessage title="No receipt">
        {answer ? orderAlertCopy(answer) : 'We could not load this order. Please try again.'}
      </ReceiptMessage>
    )

  const { order } = answer.data
  if (order.statusName !== 'completed')
    return (
      <ReceiptMessage title="No receipt for this order yet">
        Order {order.orderReference} has no receipt: a receipt is issued once your coins have been sent.
      </ReceiptMessage>
    )

  return (
    <Stack gap="md" maw={720} className="receipt-page">
      <Group justify="space-between" className="no-print" gap="sm">
        <Anchor component={Link} to={WEB_PATHS.history} size="sm" fw={600}>
          ← Back to History
        </Anchor>
        <Button onClick={() => window.print()}>Print or save as PDF</Button>
      </Group>
      <ReceiptDocument detail={answer.data} />
    </Stack>
  )
}
