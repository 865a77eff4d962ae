import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { payoutStepScreen } from '@exchange/shared/journey-steps'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import {
  Alert,
  Badge,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { activeOrderFrom } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { amountLabels, orderAlertCopy } from '../../../lib/order-copy'
import { getSessionState } from '../../../lib/session-state'
import { useIsMobile } from '../../../lib/use-is-mobile'
import { HISTORY_PAGE_SIZE, useHistory } from '../api/get-history'
import { methodLabel } from '../order-display'
import { useCancelOrder } from '../use-cancel-order'
import { CancelOrderDialog } from './cancel-order-dialog'
import { OrderDetailDrawer } from './order-detail-drawer'
import { OrderStatusBadge } from './order-status-badge'

const rateOf = (order: OrderSummary) =>
  `1 ${order.cryptoCur.toUpperCase()} = ${formatFiat(order.price.rate, order.fiatCur)}`
function methodOf(order: OrderSummary): string {
  const { pspArray, banksArray, altMethodArray } = getSessionState()
  return order.methodName ?? methodLabel(order.method, [...pspArray, ...banksArray, ...altMethodArray])
}

/** The order's status, and a mark when a late payment waits for the customer's choice (decision 025). */
function StatusWithDecision({ order }: { order: OrderSummary }) {
  return (
    <Group gap={4} wrap="wrap">
      <OrderStatusBadge status={order.statusName} />
      {order.decisionWaits ? (
        <Badge color="orange" variant="filled" size="sm">
          Your decision needed
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
  if (waitsForWallet(order)) {
    return (
      <Button
        component={Link}
        to={payoutStepScreen('wallet', order.orderReference)}
        size="compact-sm"
        color="orange"
        aria-label={`Add your wallet for order ${order.orderReference}`}
      >
        Add your wallet
      </Button>
    )
  }
  if (order.statusName !== 'awaiting_checks') return null
  return (
    <Button
      size="compact-sm"
      color="orange"
      onClick={onView}
      aria-label={`See what order ${order.orderReference} needs`}
    >
      Action needed
    </Button>
  )
}

function RowActions({ order, onView, onCancel, cancelling }: RowActionsProps) {
  return (
    <Group gap="xs">
      <CustomerActionNeeded order={order} onView={onView} />
      <Button size="compact-sm" variant="light" onClick={onView} aria-label={`View order ${order.orderReference}`}>
        Details
      </Button>
      {order.statusName === 'initiated' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={onCancel}
          loading={cancelling}
          aria-label={`Cancel order ${order.orderReference}`}
        >
          Cancel order
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

/** Where the customer is in the history: "Page 2 of 13", or without the last page once the count stopped at its cap. */
function pageLabel(page: number, total: number, totalCapped: boolean): string {
  if (totalCapped) return `Page ${page} (more than ${total.toLocaleString('en-GB')} orders)`
  return `Page ${page} of ${Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE))}`
}

/**
 * /dashboard-history: every order, newest first, ten a page; an order opens with its timeline. Older pages are asked
 * for after the last order shown (decision 053); the way back keeps the orders each page was asked after.
 */
export function OrderHistory() {
  const brand = useBrand()
  const mobile = useIsMobile()
  // The last order of each page passed, newest first: page N is asked for after `trail[N - 2]`.
  const [trail, setTrail] = useState<string[]>([])
  const page = trail.length + 1
  const [params] = useSearchParams()
  // `?order=REF` opens that order, e.g. when a step it waited for was just done on another screen.
  const [viewing, setViewing] = useState<string | null>(params.get('order'))
  const [error, setError] = useState<string | null>(null)
  const [toCancel, setToCancel] = useState<OrderSummary | null>(null)
  const { cancel: cancelOrder, cancelling: cancellingRef } = useCancelOrder((message) => {
    setToCancel(null)
    setError(message)
  })
  const history = useHistory(brand.brandName, page, trail.at(-1))

  const answer = history.data
  const data = answer && answer.result ? answer.data : null
  const nextAfter = data?.nextAfter ?? null

  function cancel(order: OrderSummary) {
    setError(null)
    cancelOrder(activeOrderFrom(order), () => setToCancel(null))
  }

  let body
  if (history.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading your orders">
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    )
  } else if (!data) {
    body = (
      <Alert color="red" title="We could not load your orders">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{answer && !answer.result ? orderAlertCopy(answer) : ALERT_MESSAGES.somethingWentWrong}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  } else if (data.total === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} fz="lg">
            No orders yet
          </Title>
          <Text c="dimmed" size="sm">
            Your orders will be listed here once you buy crypto.
          </Text>
          <Button component={Link} to="/dashboard">
            Buy crypto
          </Button>
        </Stack>
      </Paper>
    )
  } else if (mobile) {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
        {data.orders.map((order) => (
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
                <Fact label="Rate" value={rateOf(order)} />
                <Fact label="Fee" value={formatFiat(order.price.fee, order.fiatCur)} />
                <Fact label="Method" value={methodOf(order)} />
              </SimpleGrid>
              <RowActions
                order={order}
                onView={() => setViewing(order.orderReference)}
                onCancel={() => setToCancel(order)}
                cancelling={cancellingRef === order.orderReference}
              />
            </Stack>
          </Card>
        ))}
      </Stack>
    )
  } else {
    body = (
      <Paper withBorder radius="lg">
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Crypto</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.orders.map((order) => (
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
                      Fee <span>{formatFiat(order.price.fee, order.fiatCur)}</span>
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>
                      {formatCrypto(order.cryptoAmount, order.cryptoCur)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Rate <span>{rateOf(order)}</span>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{methodOf(order)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      order={order}
                      onView={() => setViewing(order.orderReference)}
                      onCancel={() => setToCancel(order)}
                      cancelling={cancellingRef === order.orderReference}
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

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Order history
        </Title>
        <Text c="dimmed" size="sm">
          Your orders, newest first.{' '}
          <Anchor component={Link} to="/dashboard" inherit>
            Buy crypto
          </Anchor>
        </Text>
      </Stack>
      <FormAlert message={error} />
      {body}
      {data && (page > 1 || nextAfter) ? (
        <Group justify="center" gap="md" component="nav" aria-label="Pages of orders">
          <Button
            variant="default"
            disabled={page === 1}
            onClick={() => setTrail((passed) => passed.slice(0, -1))}
            aria-label="Newer orders"
          >
            Newer
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {pageLabel(page, data.total, data.totalCapped)}
          </Text>
          <Button
            variant="default"
            disabled={!nextAfter || history.isPlaceholderData}
            onClick={() => nextAfter && setTrail((passed) => [...passed, nextAfter])}
            aria-label="Older orders"
          >
            Older
          </Button>
        </Group>
      ) : null}
      <OrderDetailDrawer orderReference={viewing} onClose={() => setViewing(null)} />
      <CancelOrderDialog
        orderReference={toCancel?.orderReference ?? null}
        onConfirm={() => toCancel && cancel(toCancel)}
        onClose={() => setToCancel(null)}
        cancelling={cancellingRef !== null}
      />
    </Stack>
  )
}
