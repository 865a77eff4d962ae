import { payoutStepScreen } from '@exchange/shared/journey-steps'
import { STEP_COPY } from '@exchange/shared/step-copy'
import { isPaid, type OrderStatus } from '@exchange/shared/order-rules'
import type { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { useOrderInView } from '../../../lib/order-in-view'
import { DeliveryFact } from './delivery-fact'
import { receiptPath, statusLabel } from '../order-display'
import { OrderFact } from './order-facts'
import { PaymentStep } from './payment-step'

const BUYING: readonly OrderStatus[] = ['paid', 'processing']

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/**
 * "Thank you" only for an order that is paid: the page can be opened for any order (another tab, an old link), and an
 * unpaid one must not read as if its payment went through.
 */
function thankYouTitle(order: { statusName: OrderStatus } | undefined): string {
  if (!order) return 'Your order'
  if (isPaid(order.statusName)) return 'Thank you'
  if (order.statusName === 'awaiting_payment' || order.statusName === 'initiated') return 'Waiting for your payment'
  return `Order ${statusLabel(order.statusName).toLowerCase()}`
}

/** What happens next for the order as it stands: its coins on their way, a wallet or a step owed, or its payment. */
function WhatHappensNext({ detail }: { detail: OrderDetail }) {
  const { order, events, payoutWaitsFor, delivery } = detail
  const last = events.at(-1)
  if (order.statusName === 'completed')
    return (
      <Alert role="note" color="teal" variant="light" title="Your coins are on their way">
        <Stack gap="xs" align="flex-start">
          {delivery ? (
            <DeliveryFact delivery={delivery} />
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {last?.words}
            </Text>
          )}
          <Text size="sm">We have sent you an e-mail with the transaction.</Text>
          <Button component={Link} to={receiptPath(order.orderReference)} size="xs" variant="light">
            View receipt
          </Button>
        </Stack>
      </Alert>
    )
  if (BUYING.includes(order.statusName) && order.orderWallet === PLACEHOLDER_WALLET)
    return (
      <Alert role="note" color="yellow" variant="light" title="Payment received: we need your wallet">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Your order has no wallet address, so we cannot send your coins yet.</Text>
          <Button component={Link} to={payoutStepScreen('wallet', order.orderReference)} size="xs">
            Add your wallet
          </Button>
        </Stack>
      </Alert>
    )
  if (BUYING.includes(order.statusName))
    return (
      <Alert role="note" color="teal" variant="light" title="Payment received">
        We are buying your coins now. We will e-mail you when they are on their way.
      </Alert>
    )
  if (order.statusName === 'awaiting_checks' && payoutWaitsFor)
    return (
      <Alert role="note" color="yellow" variant="light" title="Payment received: one step before we send your coins">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Your payment is held safely. {STEP_COPY[payoutWaitsFor.step]} Then we buy and send your coins straight away.
          </Text>
          <Button component={Link} to={payoutWaitsFor.screen} size="xs">
            Do it now
          </Button>
        </Stack>
      </Alert>
    )
  if (order.statusName === 'awaiting_payment' || order.statusName === 'initiated')
    return (
      <Alert role="note" color="yellow" variant="light" title="Waiting for your payment">
        We have not received the confirmation of your payment yet. We will e-mail you as soon as it arrives.
      </Alert>
    )
  return (
    <Alert
      role="note"
      color="gray"
      variant="light"
      title={`This order is ${statusLabel(order.statusName).toLowerCase()}`}
    >
      <Stack gap={4}>
        {last?.words ? <Text size="sm">{last.words}</Text> : null}
        <Text size="sm">Its timeline in History shows what happened.</Text>
      </Stack>
    </Alert>
  )
}

/** /dashboard-thankyou: the payment went through; the order as it stands now, and what happens next. */
export function ThankYouScreen() {
  const reference = useOrderInView('result')

  return (
    <PaymentStep
      title={thankYouTitle}
      description="Here is your order and what happens next."
      orderReference={reference}
      factsExtra={(order) => (
        <OrderFact label="Wallet">
          {order.orderWallet === PLACEHOLDER_WALLET ? 'Not given yet' : order.orderWallet}
        </OrderFact>
      )}
    >
      {(detail) => (
        <Stack gap="md">
          <WhatHappensNext detail={detail} />
          <Group gap="md">
            <Button component={Link} to={WEB_PATHS.history}>
              View in History
            </Button>
            <Button component={Link} to={WEB_PATHS.dashboard} variant="default">
              Buy more
            </Button>
          </Group>
        </Stack>
      )}
    </PaymentStep>
  )
}
