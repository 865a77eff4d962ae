import { isPaid, type OrderStatus } from '@exchange/shared/order-rules'
import type { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type BuyStep, BuySteps } from '../../../components/ui/buy-steps'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { useOrderDetail } from '../api/get-order-detail'
import { statusInSentence } from '../order-display'
import { usePriceHold } from '../use-price-hold'
import { OrderCard } from './order-facts'
import { PaymentReviewNotice } from './payment-review-notice'
import { PriceExpiredNotice } from './price-hold'
import { LoadFailed } from '../../../components/ui/load-states'

type OrderDetailData = Extract<OrderDetailAnswer, { result: true }>['data']

/**
 * Which orders a step acts on: 'initiated' steps start a payment (only a started order can), 'open' steps also
 * show what to do for an order that already awaits its payment, 'any' steps report on an order whatever its status.
 */
type StepNeeds = 'initiated' | 'open' | 'any'

function accepts(needs: StepNeeds, status: OrderStatus): boolean {
  if (needs === 'any') return true
  if (needs === 'initiated') return status === 'initiated'
  return status === 'initiated' || status === 'awaiting_payment'
}

function StepHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  )
}

/**
 * A payment step reached without an order: the method screen when nothing is in progress, or a payment or result
 * page whose address names no order and whose tab is not paying one (it never guesses another open order).
 */
export function NoOrderCard({ title, unknown = false }: { title: string; unknown?: boolean }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560}>
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {unknown ? (
          <>
            <Text>{t('orders.step.whichOrder')}</Text>
            <Text size="sm" c="dimmed">
              {t('orders.step.whichOrderHint')}
            </Text>
            <Anchor component={Link} to={WEB_PATHS.history} fw={600}>
              {t('orders.step.findInHistory')}
            </Anchor>
          </>
        ) : (
          <Text>{t('orders.step.noOrder')}</Text>
        )}
        <Anchor component={Link} to={WEB_PATHS.dashboard} fw={600}>
          {unknown ? t('orders.step.startNew') : t('orders.step.goToCalculator')}
        </Anchor>
      </Stack>
    </Paper>
  )
}

/** Why this step does nothing for the order any more, and where to go instead. */
function OrderNotPayable({ status, orderReference }: { status: OrderStatus; orderReference: string }) {
  const t = useCatalog(ordersCatalog)
  if (status === 'awaiting_payment') {
    return (
      <Alert role="note" color="yellow" variant="light" title={t('orders.step.underWay')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('orders.step.underWayBody', { reference: orderReference })}</Text>
          <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
            {t('orders.receipt.goToHistory')}
          </Anchor>
        </Stack>
      </Alert>
    )
  }
  if (status === 'payment_review') {
    return (
      <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
        {t('orders.step.follow')}
      </Anchor>
    )
  }
  if (isPaid(status)) {
    return (
      <Alert role="note" color="teal" variant="light" title={t('orders.step.paid')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {t('orders.step.paidBody', { reference: orderReference, status: statusInSentence(status) })}
          </Text>
          <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
            {t('orders.receipt.goToHistory')}
          </Anchor>
        </Stack>
      </Alert>
    )
  }
  return <ClosedOrderNotice orderReference={orderReference} status={status} role="note" />
}

/** The order can no longer be paid (cancelled, failed, paid already…): it says so and leads to a new order. */
export function ClosedOrderNotice({
  orderReference,
  status,
  role,
}: {
  orderReference: string
  status: OrderStatus
  role?: 'note'
}) {
  const t = useCatalog(ordersCatalog)
  return (
    <Alert
      role={role}
      color="gray"
      variant="light"
      title={t('orders.step.thisOrderIs', { status: statusInSentence(status) })}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('orders.step.noLongerPayable', { reference: orderReference })}</Text>
        <Anchor component={Link} to={WEB_PATHS.dashboard} fw={600} size="sm">
          {t('orders.step.startNew')}
        </Anchor>
      </Stack>
    </Alert>
  )
}

/**
 * The order can no longer be paid at its price: started or awaiting a card that never came, past its price time (even
 * before the expiry job marks it), or already marked expired with no late money waiting for the customer's decision.
 */
function priceRanOut(data: OrderDetailData, expired: boolean, takesLateTransfer: boolean): boolean {
  const status = data.order.statusName
  if (status === 'expired') return !takesLateTransfer && data.latePayment === null
  if (!expired) return false
  return status === 'initiated' || (status === 'awaiting_payment' && !takesLateTransfer)
}

interface PaymentStepProps {
  /** The heading; a function when it depends on the order (undefined while it loads). */
  title: string | ((order: OrderDetailData['order'] | undefined) => string)
  description?: ReactNode
  /** The order this step is about; null when there is none. */
  orderReference: string | null
  needs?: StepNeeds
  /** The last fact of the order card; the price's time by default. */
  factsExtra?: (order: OrderDetailData['order']) => ReactNode
  /**
   * A bank transfer step: an order awaiting the transfer keeps showing what to send after its price time, since a
   * transfer that lands later is priced on arrival (decision 025).
   */
  takesLateTransfer?: boolean
  /** Ask for the order again while it waits for its money, so the page shows the payment when it lands. */
  watchPayment?: boolean
  /** The purchase step this screen is (amount → method → details → pay), shown above the heading; none on a result. */
  buyStep?: BuyStep
  /** What the step shows once the order is loaded and is one it acts on. */
  children: (detail: OrderDetailData) => ReactNode
}

/** The frame of every payment screen: its heading, the order with its facts and status, then the step itself. */
export function PaymentStep({
  title,
  description,
  orderReference,
  needs = 'any',
  factsExtra,
  takesLateTransfer = false,
  watchPayment = false,
  buyStep,
  children,
}: PaymentStepProps) {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const brand = useBrand()
  const detail = useOrderDetail(brand.brandName, orderReference, { watchPayment })
  const answer = detail.data
  const data = answer && answer.result ? answer.data : null
  const heading = typeof title === 'function' ? title(data?.order) : title
  const { expired } = usePriceHold(data?.order.priceExpiresAt)
  if (orderReference === null) return <NoOrderCard title={heading} unknown />

  let failure: ReactNode = null
  if (detail.isError || answer === false) {
    failure = <LoadFailed title={t('orders.step.loadFailed')} onRetry={() => void detail.refetch()} />
  } else if (answer && !answer.result) {
    failure = <Alert color="red">{orderAlertCopy(answer)}</Alert>
  }

  return (
    <Stack gap="lg" maw={880}>
      {buyStep ? <BuySteps current={buyStep} /> : null}
      <StepHeading title={heading} description={description} />

      <OrderCard
        order={data?.order}
        loading={detail.isPending}
        extra={data ? factsExtra?.(data.order) : undefined}
        review={data?.review}
        fallback={
          <RichText
            catalog={ordersCatalog}
            id="orders.card.reference"
            values={{ reference: orderReference }}
            parts={[<strong />]}
          />
        }
      />

      {failure}
      {data && data.order.statusName === 'payment_review' && data.review ? (
        <PaymentReviewNotice review={data.review} orderReference={data.order.orderReference} />
      ) : null}
      {data ? (
        // A started order past its price time takes no payment, even before the expiry job marks it expired.
        needs !== 'any' && priceRanOut(data, expired, takesLateTransfer) ? (
          <PriceExpiredNotice order={data.order} />
        ) : accepts(needs, data.order.statusName) ? (
          children(data)
        ) : (
          <OrderNotPayable status={data.order.statusName} orderReference={data.order.orderReference} />
        )
      ) : null}
    </Stack>
  )
}
