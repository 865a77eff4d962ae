import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { isValidIban } from '@exchange/shared/iban'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { useCustomer } from '../../../lib/customer-context'
import { formatCrypto, formatDateTime, formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { useCancelOrder } from '../use-cancel-order'

/** Where paying an open order goes on: the method choice, or the instructions of the transfer already chosen. */
function continuePathOf(order: OrderSummary): string {
  if (order.statusName === 'initiated') return pathForOrder(WEB_PATHS.method, order.orderReference)
  if (order.method && isValidIban(order.method)) return pathForOrder(WEB_PATHS.vibanDetails, order.orderReference)
  return pathForOrder(WEB_PATHS.history, order.orderReference)
}

/** Open orders whose price still holds, newest first: an order past its price time can no longer be paid as it is. */
function payableOpenOrders(openOrders: readonly OrderSummary[], now: number): OrderSummary[] {
  return openOrders.filter((order) => Date.parse(order.priceExpiresAt) > now)
}

/**
 * On the calculator: the order already started and not paid yet (decision 047), with the way to go on paying it and
 * to cancel it, asked once more before it is cancelled. Nothing shows while no order waits.
 */
export function OpenOrderCard() {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const customer = useCustomer()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { cancel: cancelOrder, cancelling } = useCancelOrder(setError)
  const [now] = useState(Date.now)
  const open = payableOpenOrders(customer.openOrder, now)
  const order = open[0]
  if (!order) return null

  function continuePaying() {
    if (!order) return
    if (order.statusName === 'initiated') startActiveOrder(activeOrderFrom(order))
    void navigate(continuePathOf(order))
  }

  function cancel() {
    if (!order) return
    setError(null)
    cancelOrder(activeOrderFrom(order), () => setConfirming(false))
  }

  const waiting = order.statusName === 'awaiting_payment'
  return (
    <Box component="section" aria-label={t('orders.open.label')}>
      <Alert
        color="blue"
        variant="light"
        radius="lg"
        title={waiting ? t('orders.open.waitingTitle') : t('orders.open.title')}
      >
        <Stack gap="sm">
          <Text size="sm">
            <RichText
              catalog={ordersCatalog}
              id="orders.open.summary"
              values={{
                reference: order.orderReference,
                fiat: formatFiat(order.fiatAmount, order.fiatCur),
                crypto: formatCrypto(order.cryptoAmount, order.cryptoCur),
                date: formatDateTime(order.priceExpiresAt),
              }}
              parts={[<strong />]}
            />
            {open.length > 1 ? ` ${t('orders.open.more', { count: open.length })}` : ''}
          </Text>
          {confirming ? (
            <Stack gap="xs" role="group" aria-label={t('orders.open.confirmLabel')}>
              <Text size="sm" fw={600}>
                {t('orders.cancel.title', { reference: order.orderReference })}{' '}
                {waiting ? t('orders.open.cancelWaiting') : t('orders.open.cancelNothingPaid')}
              </Text>
              <Group gap="sm">
                <Button color="red" size="sm" onClick={cancel} loading={cancelling === order.orderReference}>
                  {t('orders.cancel.confirm')}
                </Button>
                <Button variant="default" size="sm" onClick={() => setConfirming(false)}>
                  {t('orders.cancel.keep')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="sm">
              <Button size="sm" onClick={continuePaying}>
                {waiting ? t('orders.open.seeHowToPay') : t('orders.open.continue')}
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(true)}>
                {t('orders.open.cancel')}
              </Button>
            </Group>
          )}
          <FormAlert message={error} />
        </Stack>
      </Alert>
    </Box>
  )
}
