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
    <Box component="section" aria-label="Your order in progress">
      <Alert
        color="blue"
        variant="light"
        radius="lg"
        title={waiting ? 'Your order is waiting for its payment' : 'You have an order in progress'}
      >
        <Stack gap="sm">
          <Text size="sm">
            Order <strong>{order.orderReference}</strong>: {formatFiat(order.fiatAmount, order.fiatCur)} for{' '}
            {formatCrypto(order.cryptoAmount, order.cryptoCur)}, price fixed until{' '}
            {formatDateTime(order.priceExpiresAt)}.
            {open.length > 1 ? ` You have ${open.length} orders in progress; History lists them all.` : ''}
          </Text>
          {confirming ? (
            <Stack gap="xs" role="group" aria-label="Confirm cancelling">
              <Text size="sm" fw={600}>
                Cancel order {order.orderReference}?{' '}
                {waiting
                  ? 'Do not send money for it afterwards: a transfer for a cancelled order is sent back.'
                  : 'Nothing has been paid for it.'}
              </Text>
              <Group gap="sm">
                <Button color="red" size="sm" onClick={cancel} loading={cancelling === order.orderReference}>
                  Yes, cancel the order
                </Button>
                <Button variant="default" size="sm" onClick={() => setConfirming(false)}>
                  Keep the order
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="sm">
              <Button size="sm" onClick={continuePaying}>
                {waiting ? 'See how to pay' : 'Continue paying'}
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(true)}>
                Cancel this order
              </Button>
            </Group>
          )}
          <FormAlert message={error} />
        </Stack>
      </Alert>
    </Box>
  )
}
