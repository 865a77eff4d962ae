import { payoutStepScreen } from '@exchange/shared/journey-steps'
import { isPaid, type OrderStatus } from '@exchange/shared/order-rules'
import type { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useOrderInView } from '../../../lib/order-in-view'
import { ordersCatalog } from '../messages'
import { orderTrailCatalog } from '../order-trail/messages'
import { trailWords } from '../order-trail/trail-words'
import { DeliveryFact } from './delivery-fact'
import { receiptPath, statusInSentence, stepCopy } from '../order-display'
import { OrderFact } from './order-facts'
import { PaymentStep } from './payment-step'

const BUYING: readonly OrderStatus[] = ['paid', 'processing']

type OrderDetail = Extract<OrderDetailAnswer, { result: true }>['data']

/**
 * "Thank you" only for an order that is paid: the page can be opened for any order (another tab, an old link), and an
 * unpaid one must not read as if its payment went through.
 */
function thankYouTitle(order: { statusName: OrderStatus } | undefined): string {
  const t = ordersCatalog.t
  if (!order) return t('orders.card.title')
  if (isPaid(order.statusName)) return t('orders.thanks.title')
  if (order.statusName === 'awaiting_payment' || order.statusName === 'initiated')
    return t('orders.timeline.waitingForPayment')
  return t('orders.thanks.orderStatus', { status: statusInSentence(order.statusName) })
}

/** What happens next for the order as it stands: its coins on their way, a wallet or a step owed, or its payment. */
function WhatHappensNext({ detail }: { detail: OrderDetail }) {
  const t = useCatalog(ordersCatalog)
  useCatalog(orderTrailCatalog)
  const { order, events, payoutWaitsFor, delivery } = detail
  const last = events.at(-1)
  const lastWords = last?.words ? trailWords(last.kind, last.words) : null
  if (order.statusName === 'completed')
    return (
      <Alert role="note" color="teal" variant="light" title={t('orders.thanks.onTheirWay')}>
        <Stack gap="xs" align="flex-start">
          {delivery ? (
            <DeliveryFact delivery={delivery} />
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {lastWords}
            </Text>
          )}
          <Text size="sm">{t('orders.thanks.emailSent')}</Text>
          <Button component={Link} to={receiptPath(order.orderReference)} size="xs" variant="light">
            {t('orders.detail.viewReceipt')}
          </Button>
        </Stack>
      </Alert>
    )
  if (BUYING.includes(order.statusName) && order.orderWallet === PLACEHOLDER_WALLET)
    return (
      <Alert role="note" color="yellow" variant="light" title={t('orders.thanks.needWallet')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('orders.thanks.noWallet')}</Text>
          <Button component={Link} to={payoutStepScreen('wallet', order.orderReference)} size="xs">
            {t('orders.list.addWallet')}
          </Button>
        </Stack>
      </Alert>
    )
  if (BUYING.includes(order.statusName))
    return (
      <Alert role="note" color="teal" variant="light" title={t('orders.timeline.paid')}>
        {t('orders.thanks.buying')}
      </Alert>
    )
  if (order.statusName === 'awaiting_checks' && payoutWaitsFor)
    return (
      <Alert role="note" color="yellow" variant="light" title={t('orders.thanks.oneStep')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('orders.thanks.oneStepBody', { step: stepCopy(payoutWaitsFor.step) })}</Text>
          <Button component={Link} to={payoutWaitsFor.screen} size="xs">
            {t('orders.thanks.doItNow')}
          </Button>
        </Stack>
      </Alert>
    )
  if (order.statusName === 'awaiting_payment' || order.statusName === 'initiated')
    return (
      <Alert role="note" color="yellow" variant="light" title={t('orders.timeline.waitingForPayment')}>
        {t('orders.thanks.waiting')}
      </Alert>
    )
  return (
    <Alert
      role="note"
      color="gray"
      variant="light"
      title={t('orders.step.thisOrderIs', { status: statusInSentence(order.statusName) })}
    >
      <Stack gap={4}>
        {lastWords ? <Text size="sm">{lastWords}</Text> : null}
        <Text size="sm">{t('orders.thanks.seeTimeline')}</Text>
      </Stack>
    </Alert>
  )
}

/** /dashboard-thankyou: the payment went through; the order as it stands now, and what happens next. */
export function ThankYouScreen() {
  const t = useCatalog(ordersCatalog)
  const reference = useOrderInView('result')

  return (
    <PaymentStep
      title={thankYouTitle}
      description={t('orders.thanks.description')}
      orderReference={reference}
      factsExtra={(order) => (
        <OrderFact label={t('orders.receipt.wallet')}>
          {order.orderWallet === PLACEHOLDER_WALLET ? t('orders.thanks.notGiven') : order.orderWallet}
        </OrderFact>
      )}
    >
      {(detail) => (
        <Stack gap="md">
          <WhatHappensNext detail={detail} />
          <Group gap="md">
            <Button component={Link} to={WEB_PATHS.history}>
              {t('orders.thanks.viewInHistory')}
            </Button>
            <Button component={Link} to={WEB_PATHS.dashboard} variant="default">
              {t('orders.thanks.buyMore')}
            </Button>
          </Group>
        </Stack>
      )}
    </PaymentStep>
  )
}
