import type { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
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
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('orders.receipt.title')}
      </Title>
      <Alert color="gray" variant="light" title={title}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{children}</Text>
          <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
            {t('orders.receipt.goToHistory')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  )
}

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/** The receipt itself: who issued it, for whom, and the order's amounts, price, dates, wallet and transaction. */
function ReceiptDocument({ detail }: { detail: OrderDetail }) {
  const t = useCatalog(ordersCatalog)
  const brand = useBrand()
  const customer = useCustomer()
  const { order, events, delivery } = detail
  const paidAt = events.find((event) => event.toStatus === 'paid')?.at
  const completedAt = delivery?.deliveredAt ?? events.findLast((event) => event.toStatus === 'completed')?.at
  const name = [customer.details.firstName, customer.details.lastName].filter(Boolean).join(' ')
  const coin = order.cryptoCur.toUpperCase()

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="article"
      aria-label={t('orders.receipt.title')}
    >
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
              {t('orders.receipt.title')}
            </Title>
            <Text size="sm" fw={600}>
              {t('orders.detail.title', { reference: order.orderReference })}
            </Text>
          </Stack>
        </Group>
        <Divider />
        <Table variant="vertical" withRowBorders layout="fixed" fz="sm" verticalSpacing={6}>
          <Table.Tbody>
            <Row label={t('orders.receipt.customer')}>{name || customer.details.email}</Row>
            <Row label={t('orders.receipt.reference')}>{order.orderReference}</Row>
            <Row label={t('orders.receipt.date')}>{formatDateTime(order.createdAt)}</Row>
            {paidAt ? <Row label={t('orders.receipt.paidOn')}>{formatDateTime(paidAt)}</Row> : null}
            {completedAt ? <Row label={t('orders.receipt.sentOn')}>{formatDateTime(completedAt)}</Row> : null}
            <Row label={t('orders.receipt.method')}>{orderMethodLabel(order)}</Row>
            <Row label={t('orders.receipt.boughtFor')}>{formatFiat(order.price.netFiat, order.fiatCur)}</Row>
            <Row label={t('orders.fact.fee')}>{formatFiat(order.price.fee, order.fiatCur)}</Row>
            <Row label={t('orders.receipt.total')}>{formatFiat(order.fiatAmount, order.fiatCur)}</Row>
            <Row label={t('orders.receipt.price')}>
              1 {coin} = {formatFiat(order.price.rate, order.fiatCur)}
            </Row>
            <Row label={t('orders.receipt.received')}>{formatCrypto(order.cryptoAmount, order.cryptoCur)}</Row>
            <Row label={t('orders.receipt.coin')}>{coin}</Row>
            <Row label={t('orders.receipt.wallet')}>
              <Text span ff="monospace" fz="sm" fw={600}>
                {order.orderWallet}
              </Text>
            </Row>
          </Table.Tbody>
        </Table>
        {delivery ? <DeliveryFact delivery={delivery} /> : null}
        <Text size="xs" c="dimmed">
          {t('orders.receipt.issuedBy', { company: brand.company.name, reference: order.orderReference })}
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
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const brand = useBrand()
  const reference = useOrderInView('result')
  const detail = useOrderDetail(brand.brandName, reference)
  const answer = detail.data

  if (reference === null)
    return <ReceiptMessage title={t('orders.receipt.title')}>{t('orders.receipt.whichOrder')}</ReceiptMessage>
  if (detail.isPending)
    return (
      <Stack gap="xs" role="status" aria-label={t('orders.receipt.loading')} maw={720}>
        <Skeleton height={24} />
        <Skeleton height={18} />
        <Skeleton height={18} />
      </Stack>
    )
  if (!answer || !answer.result)
    return (
      <ReceiptMessage title={t('orders.receipt.none')}>
        {answer ? orderAlertCopy(answer) : t('orders.detail.loadFailed')}
      </ReceiptMessage>
    )

  const { order } = answer.data
  if (order.statusName !== 'completed')
    return (
      <ReceiptMessage title={t('orders.receipt.notYet')}>
        {t('orders.receipt.notYetBody', { reference: order.orderReference })}
      </ReceiptMessage>
    )

  return (
    <Stack gap="md" maw={720} className="receipt-page">
      <Group justify="space-between" className="no-print" gap="sm">
        <Anchor component={Link} to={WEB_PATHS.history} size="sm" fw={600}>
          {t('orders.receipt.back')}
        </Anchor>
        <Button onClick={() => window.print()}>{t('orders.receipt.print')}</Button>
      </Group>
      <ReceiptDocument detail={answer.data} />
    </Stack>
  )
}
