import { payoutStepScreen } from '@exchange/shared/journey-steps'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from 'react-router'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { amountLabels } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { orderMethodLabel } from '../order-display'
import { OrderStatusBadge } from './order-status-badge'
import { ReceiptButton } from './receipt-button'

const rateOf = (order: OrderSummary) =>
  `1 ${order.cryptoCur.toUpperCase()} = ${formatFiat(order.price.rate, order.fiatCur)}`

/** The order's status, and a mark when a late payment waits for the customer's choice (decision 025). */
function StatusWithDecision({ order }: { order: OrderSummary }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Group gap={4} wrap="wrap">
      <OrderStatusBadge status={order.statusName} />
      {order.decisionWaits ? (
        <Badge
          color="orange"
          variant="filled"
          size="sm"
          h="auto"
          py={2}
          // Wraps in a narrow status column instead of being cut ("Your decision need…").
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 } }}
        >
          {t('orders.list.decisionNeeded')}
        </Badge>
      ) : null}
    </Group>
  )
}

interface RowActionsProps {
  order: OrderSummary
  onView: () => void
  onCancel: () => void
  cancelling: boolean
}

const WAITING_FOR_CUSTOMER: readonly OrderStatus[] = ['paid', 'awaiting_checks', 'processing']

/** A paid order whose coins cannot be sent until the customer gives a wallet. */
function waitsForWallet(order: OrderSummary): boolean {
  return order.orderWallet === PLACEHOLDER_WALLET && WAITING_FOR_CUSTOMER.includes(order.statusName)
}

/** What an order waits for from its customer, with the way to do it: the wallet form, or the order's step. */
function CustomerActionNeeded({ order, onView }: { order: OrderSummary; onView: () => void }) {
  const t = useCatalog(ordersCatalog)
  const reference = order.orderReference
  if (waitsForWallet(order)) {
    return (
      <Button
        component={Link}
        to={payoutStepScreen('wallet', order.orderReference)}
        size="compact-sm"
        color="orange"
        aria-label={t('orders.list.addWalletLabel', { reference })}
      >
        {t('orders.list.addWallet')}
      </Button>
    )
  }
  if (order.statusName !== 'awaiting_checks') return null
  return (
    <Button
      size="compact-sm"
      color="orange"
      onClick={onView}
      aria-label={t('orders.list.actionNeededLabel', { reference })}
    >
      {t('orders.list.actionNeeded')}
    </Button>
  )
}

function RowActions({ order, onView, onCancel, cancelling }: RowActionsProps) {
  const t = useCatalog(ordersCatalog)
  const reference = order.orderReference
  return (
    <Group gap="xs">
      <CustomerActionNeeded order={order} onView={onView} />
      <Button
        size="compact-sm"
        variant="light"
        onClick={onView}
        aria-label={t('orders.list.detailsLabel', { reference })}
      >
        {t('orders.list.details')}
      </Button>
      <ReceiptButton
        order={order}
        size="compact-sm"
        variant="subtle"
        aria-label={t('orders.list.receiptLabel', { reference })}
      >
        {t('orders.list.receipt')}
      </ReceiptButton>
      {order.statusName === 'initiated' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={onCancel}
          loading={cancelling}
          aria-label={t('orders.list.cancelLabel', { reference })}
        >
          {t('orders.list.cancel')}
        </Button>
      ) : null}
    </Group>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  )
}

/** A page of orders, and what the customer can do with each. */
interface OrderListProps {
  orders: readonly OrderSummary[]
  onView: (orderReference: string) => void
  onCancel: (order: OrderSummary) => void
  /** The order being cancelled, if any. */
  cancelling: string | null
}

/** The page of orders on a phone: one card each. */
export function OrderCardList({ orders, onView, onCancel, cancelling }: OrderListProps) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('orders.list.label')}>
      {orders.map((order) => (
        <Card key={order.orderReference} component="li" withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={700}>{order.orderReference}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(order.createdAt)}
                </Text>
              </Stack>
              <StatusWithDecision order={order} />
            </Group>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <Fact label={amountLabels(order.statusName).fiat} value={formatFiat(order.fiatAmount, order.fiatCur)} />
              <Fact
                label={amountLabels(order.statusName).crypto}
                value={formatCrypto(order.cryptoAmount, order.cryptoCur)}
              />
              <Fact label={t('orders.fact.rate')} value={rateOf(order)} />
              <Fact label={t('orders.fact.fee')} value={formatFiat(order.price.fee, order.fiatCur)} />
              <Fact label={t('orders.fact.method')} value={orderMethodLabel(order)} />
            </SimpleGrid>
            <RowActions
              order={order}
              onView={() => onView(order.orderReference)}
              onCancel={() => onCancel(order)}
              cancelling={cancelling === order.orderReference}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}

/** The page of orders on a wide screen: one row each. */
export function OrderTable({ orders, onView, onCancel, cancelling }: OrderListProps) {
  const t = useCatalog(ordersCatalog)
  return (
    <Paper withBorder radius="lg">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t('orders.list.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.list.order')}</Table.Th>
              <Table.Th>{t('orders.fact.status')}</Table.Th>
              <Table.Th ta="right">{t('orders.list.amount')}</Table.Th>
              <Table.Th ta="right">{t('orders.list.crypto')}</Table.Th>
              <Table.Th>{t('orders.fact.method')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('orders.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.orderReference}>
                <Table.Td>
                  <Text size="sm" fw={700}>
                    {order.orderReference}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(order.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusWithDecision order={order} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {formatFiat(order.fiatAmount, order.fiatCur)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('orders.fact.fee')} <span>{formatFiat(order.price.fee, order.fiatCur)}</span>
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {formatCrypto(order.cryptoAmount, order.cryptoCur)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('orders.fact.rate')} <span>{rateOf(order)}</span>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{orderMethodLabel(order)}</Text>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    order={order}
                    onView={() => onView(order.orderReference)}
                    onCancel={() => onCancel(order)}
                    cancelling={cancelling === order.orderReference}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}
