import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { endsActiveOrder, OrderStatus } from '@exchange/shared/order-rules'
import type { PaymentStatusAnswer } from '@exchange/shared/payments.schemas'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { endActiveOrder, updateActiveOrderStatus } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { grossQueryKey } from '../../../lib/customer-context'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { getSessionState, updateSessionState } from '../../../lib/session-state'
import { historyQueryKey } from '../api/get-history'
import { orderDetailQueryKey } from '../api/get-order-detail'
import { isPaymentUndecided, usePaymentStatus, type PaymentStatusPolling } from '../api/get-payment-status'
import { paymentOutcome } from '../payment-result'

/** Spec-free choice: ask every second, and after half a minute send the customer to History rather than wait on. */
export const RETURN_POLLING: PaymentStatusPolling = { intervalMs: 1000, giveUpMs: 30_000 }

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={560}
      component="section"
      aria-labelledby="payment-return-title"
    >
      <Stack gap="md" align="flex-start">
        <Title id="payment-return-title" order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function HistoryLink() {
  const t = useCatalog(ordersCatalog)
  return (
    <Anchor component={Link} to={WEB_PATHS.history} fw={600}>
      {t('orders.receipt.goToHistory')}
    </Anchor>
  )
}

type DecidedPayment = Extract<PaymentStatusAnswer, { result: true }>['data']

/**
 * Once the payment is decided: the tab remembers its outcome, the active order takes the order's new status (a failed
 * order stops being the active one), what shows the order is read again, and the thank-you or the sorry screen opens.
 */
function useGoOnWhenDecided(decided: DecidedPayment | null) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!decided) return
    const orderStatus = OrderStatus.safeParse(decided.orderStatus)
    const outcome = paymentOutcome(decided.paymentStatus, decided.orderStatus)
    updateSessionState({
      lastPayment: { orderReference: decided.orderReference, outcome, failureReason: decided.failureReason },
    })
    if (orderStatus.success) {
      const { activeOrder } = getSessionState()
      // Spec section 4: a failed order stops being the active one and is kept as the last active order.
      if (endsActiveOrder(orderStatus.data) && activeOrder?.orderReference === decided.orderReference)
        endActiveOrder(activeOrder, orderStatus.data)
      else updateActiveOrderStatus(decided.orderReference, orderStatus.data)
    }
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: grossQueryKey() }),
      queryClient.invalidateQueries({ queryKey: historyQueryKey() }),
      queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(decided.orderReference) }),
    ])
    const next = outcome === 'succeeded' ? WEB_PATHS.thankYou : WEB_PATHS.sorry
    void navigate(pathForOrder(next, decided.orderReference), { replace: true })
  }, [decided, navigate, queryClient])
}

interface PaymentReturnScreenProps {
  polling?: PaymentStatusPolling
}

/**
 * /dashboard-returncc?session_id=…: the card provider or the bank sends the browser back here. The redirect itself
 * proves nothing, so the screen asks the api for the payment's real status, waits while it is undecided, then goes
 * on to the thank-you or the sorry screen.
 */
export function PaymentReturnScreen({ polling = RETURN_POLLING }: PaymentReturnScreenProps) {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const brand = useBrand()
  const { search } = useLocation()
  const sessionId = new URLSearchParams(search).get('session_id')?.trim() || null
  const status = usePaymentStatus(brand.brandName, sessionId, polling)

  const answer = status.data
  const payment = answer && answer.result ? answer.data : null
  const decided = payment && !isPaymentUndecided(payment.paymentStatus) ? payment : null
  useGoOnWhenDecided(decided)

  if (!sessionId) {
    return (
      <Frame title={t('orders.return.title')}>
        <Text>{t('orders.return.whichPayment')}</Text>
        <Text size="sm" c="dimmed">
          {t('orders.return.listed')}
        </Text>
        <HistoryLink />
      </Frame>
    )
  }

  if (status.isError || answer === false || (answer && !answer.result)) {
    return (
      <Frame title={t('orders.return.title')}>
        <Alert color="red" w="100%">
          {answer && !answer.result
            ? answer.error === 'order_not_found'
              ? t('orders.return.notFound')
              : orderAlertCopy(answer)
            : localizeCopy(ALERT_MESSAGES.somethingWentWrong)}
        </Alert>
        <Button variant="light" onClick={() => void status.refetch()}>
          {t('orders.tryAgain')}
        </Button>
        <HistoryLink />
      </Frame>
    )
  }

  if (status.gaveUp && !decided) {
    return (
      <Frame title={t('orders.return.title')}>
        <Alert color="yellow" variant="light" title={t('orders.return.stillWaiting')} w="100%">
          {payment
            ? t('orders.return.notHeardOrder', {
                from: payment.paymentStatus === 'requires_action' ? 'bank' : 'provider',
                reference: payment.orderReference,
              })
            : t('orders.return.notHeard')}
        </Alert>
        <HistoryLink />
      </Frame>
    )
  }

  return (
    <Frame title={t('orders.return.checking')}>
      <Stack gap="sm" align="center" w="100%" role="status" aria-live="polite">
        <Loader />
        <Text ta="center">
          {payment?.paymentStatus === 'requires_action' ? t('orders.return.bankAsks') : t('orders.return.confirming')}
        </Text>
      </Stack>
    </Frame>
  )
}
