import { STEP_COPY } from '@exchange/shared/step-copy'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import type { OrderDetailAnswer, OrderEvent, OrderSummary } from '@exchange/shared/orders.schemas'
import { Alert, Anchor, Button, Drawer, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core'
import { Link } from 'react-router'
import { PayoutHoldNotice } from '../../../components/ui/payout-hold-notice'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useOrderDetail } from '../api/get-order-detail'
import { orderMethodLabel, wayOutPath } from '../order-display'
import { customerTimeline } from '../order-timeline'
import { DeliveryFact } from './delivery-fact'
import { OrderFact, OrderFacts } from './order-facts'
import { LatePaymentChoice } from './late-payment-choice'
import { OrderStatusBadge } from './order-status-badge'
import { PaymentReviewNotice } from './payment-review-notice'
import { ReceiptButton } from './receipt-button'

/** The button to the screen of the step a held payout waits for. */
const STEP_ACTION: Record<JourneyStepId, string> = {
  email: 'Confirm your e-mail',
  source_of_funds: 'Tell us where your money comes from',
  enhanced_checks: 'Answer the questions',
  details: 'Give your details',
  identity: 'Verify your identity',
  wallet: 'Prove your wallet',
  // The UK steps hold a first order, never a payout (decision 041); worded for completeness.
  uk_risk_warning: 'Read the risk warning',
  uk_categorisation: 'Choose your investor type',
  uk_appropriateness: 'Answer the questions',
  uk_cooling_off: 'See when you can continue',
  agreement: 'Read and sign the agreement',
}

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/** The order's life as the customer reads it, oldest first, each step with its time to the second. */
function OrderTimeline({ events, order }: { events: readonly OrderEvent[]; order: OrderSummary }) {
  const timeline = customerTimeline(events, order)
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Timeline
      </Title>
      <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2} aria-label="Order timeline">
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
  return (
    <Alert color="yellow" variant="light" title="Your coins wait for one step">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Your payment is in and held safely. {STEP_COPY[waitsFor.step]} Then we buy and send your coins straight away.
        </Text>
        <Button component={Link} to={waitsFor.screen} size="xs">
          {STEP_ACTION[waitsFor.step]}
        </Button>
      </Stack>
    </Alert>
  )
}

/** The order's facts, what it waits for from the customer (a step, a decision), its receipt and its timeline. */
function OrderDetailBody({ detail }: { detail: OrderDetail }) {
  const { order } = detail
  return (
    <Stack gap="lg">
      <OrderFacts
        order={order}
        review={detail.review}
        extra={
          <>
            <OrderFact label="Method">{orderMethodLabel(order)}</OrderFact>
            <OrderFact label="Status">
              <OrderStatusBadge status={order.statusName} wrap />
            </OrderFact>
          </>
        }
      />
      {detail.delivery ? <DeliveryFact delivery={detail.delivery} /> : null}
      <ReceiptButton order={order} variant="default" size="sm" style={{ alignSelf: 'flex-start' }}>
        View receipt
      </ReceiptButton>
      {detail.payoutWaitsFor ? <PayoutStepNotice waitsFor={detail.payoutWaitsFor} /> : null}
      {detail.payoutHold ? <PayoutHoldNotice hold={detail.payoutHold} /> : null}
      {order.statusName === 'awaiting_checks' ? (
        <Anchor component={Link} to={wayOutPath(order.orderReference)} size="sm">
          Do not want to wait? Choose another wallet or get your money back
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
      title={orderReference ? `Order ${orderReference}` : 'Order'}
      closeButtonProps={{ 'aria-label': 'Close order details' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {detail.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the order">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : data ? (
        <OrderDetailBody detail={data} />
      ) : (
        <Alert color="red">
          {answer && !answer.result ? orderAlertCopy(answer) : 'We could not load this order. Please try again.'}
        </Alert>
      )}
    </Drawer>
  )
}
