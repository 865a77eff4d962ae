import type { JourneyStepId } from '@exchange/shared/journey-steps'
import type { OrderDetailAnswer, OrderEvent, OrderSummary } from '@exchange/shared/orders.schemas'
import { Alert, Anchor, Button, Drawer, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core'
import { Link } from 'react-router'
import { PayoutHoldNotice } from '../../../components/ui/payout-hold-notice'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { orderTrailCatalog } from '../order-trail/messages'
import { useOrderDetail } from '../api/get-order-detail'
import { orderMethodLabel, stepCopy, wayOutPath } from '../order-display'
import { customerTimeline } from '../order-timeline'
import { DeliveryFact } from './delivery-fact'
import { OrderFact, OrderFacts } from './order-facts'
import { LatePaymentChoice } from './late-payment-choice'
import { OrderStatusBadge } from './order-status-badge'
import { PaymentReviewNotice } from './payment-review-notice'
import { ReceiptButton } from './receipt-button'

/**
 * The button to the screen of the step a held payout waits for (the UK steps hold a first order, never a payout,
 * decision 041; worded for completeness).
 */
const stepAction = (step: JourneyStepId) => ordersCatalog.t(`orders.stepAction.${step}`)

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/** The order's life as the customer reads it, oldest first, each step with its time to the second. */
function OrderTimeline({ events, order }: { events: readonly OrderEvent[]; order: OrderSummary }) {
  const t = useCatalog(ordersCatalog)
  useCatalog(orderTrailCatalog)
  const timeline = customerTimeline(events, order)
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('orders.timeline.title')}
      </Title>
      <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2} aria-label={t('orders.timeline.label')}>
        {timeline.map((entry) => (
          <Timeline.Item key={`${entry.at}-${entry.status}`} title={entry.title}>
            {entry.lines.map((line) => (
              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.at, 'seconds')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  )
}

/** A paid order whose coins wait for a step from the customer: which, and the button to it. */
function PayoutStepNotice({ waitsFor }: { waitsFor: NonNullable<OrderDetail['payoutWaitsFor']> }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Alert color="yellow" variant="light" title={t('orders.detail.waitsForStep')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('orders.detail.waitsForStepBody', { step: stepCopy(waitsFor.step) })}</Text>
        <Button component={Link} to={waitsFor.screen} size="xs">
          {stepAction(waitsFor.step)}
        </Button>
      </Stack>
    </Alert>
  )
}

/** The order's facts, what it waits for from the customer (a step, a decision), its receipt and its timeline. */
function OrderDetailBody({ detail }: { detail: OrderDetail }) {
  const t = useCatalog(ordersCatalog)
  const { order } = detail
  return (
    <Stack gap="lg">
      <OrderFacts
        order={order}
        review={detail.review}
        extra={
          <>
            <OrderFact label={t('orders.fact.method')}>{orderMethodLabel(order)}</OrderFact>
            <OrderFact label={t('orders.fact.status')}>
              <OrderStatusBadge status={order.statusName} wrap />
            </OrderFact>
          </>
        }
      />
      {detail.delivery ? <DeliveryFact delivery={detail.delivery} /> : null}
      <ReceiptButton order={order} variant="default" size="sm" style={{ alignSelf: 'flex-start' }}>
        {t('orders.detail.viewReceipt')}
      </ReceiptButton>
      {detail.payoutWaitsFor ? <PayoutStepNotice waitsFor={detail.payoutWaitsFor} /> : null}
      {detail.payoutHold ? <PayoutHoldNotice hold={detail.payoutHold} /> : null}
      {order.statusName === 'awaiting_checks' ? (
        <Anchor component={Link} to={wayOutPath(order.orderReference)} size="sm">
          {t('orders.detail.wayOut')}
        </Anchor>
      ) : null}
      {detail.review && order.statusName === 'payment_review' ? (
        <PaymentReviewNotice review={detail.review} orderReference={order.orderReference} />
      ) : null}
      {detail.latePayment && order.statusName === 'expired' ? (
        <LatePaymentChoice orderReference={order.orderReference} latePayment={detail.latePayment} />
      ) : null}
      <OrderTimeline events={detail.events} order={order} />
    </Stack>
  )
}

interface OrderDetailDrawerProps {
  orderReference: string | null
  onClose: () => void
}

/** One order of the history with its timeline: when its status changed, from what to what, and why. */
export function OrderDetailDrawer({ orderReference, onClose }: OrderDetailDrawerProps) {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const brand = useBrand()
  const detail = useOrderDetail(brand.brandName, orderReference)
  const answer = detail.data
  const data = answer && answer.result ? answer.data : null

  return (
    <Drawer
      opened={orderReference !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={orderReference ? t('orders.detail.title', { reference: orderReference }) : t('orders.list.order')}
      closeButtonProps={{ 'aria-label': t('orders.detail.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {detail.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('orders.detail.loading')}>
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : data ? (
        <OrderDetailBody detail={data} />
      ) : (
        <Alert color="red">{answer && !answer.result ? orderAlertCopy(answer) : t('orders.detail.loadFailed')}</Alert>
      )}
    </Drawer>
  )
}
