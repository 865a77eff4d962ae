import type { OwedStep } from '@exchange/shared/journey.schemas'
import type { WaitingOrder } from '@exchange/shared/orders.schemas'
import { Button, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { formatCrypto, formatFiat } from '../../../lib/format'
import { rememberReturnTo } from '../../../lib/return-to'
import { useCatalog } from '../../../lib/i18n/catalog'
import { waitingOrderAction } from '../journey-copy'
import { journeyCatalog } from '../messages'
import { CheckRow } from './check-row'

function WaitingOrderRow({ waiting, owed, from }: { waiting: WaitingOrder; owed: OwedStep | undefined; from: string }) {
  const t = useCatalog(journeyCatalog)
  const titleId = useId()
  const { order, waitsFor } = waiting
  const action = waitingOrderAction(waitsFor.step, owed)
  return (
    <CheckRow
      titleId={titleId}
      action={
        <Button
          component={Link}
          to={waitsFor.screen}
          onClick={() => rememberReturnTo(from, waitsFor.screen)}
          size="xs"
          variant={action.required ? 'filled' : 'light'}
          aria-label={t('journey.orders.button', { action: action.button, reference: order.orderReference })}
        >
          {action.button}
        </Button>
      }
    >
      <Text id={titleId} fw={700} size="sm">
        {t('journey.orders.order', { reference: order.orderReference })}
      </Text>
      <Text size="sm">
        {t('journey.orders.paid', {
          fiat: formatFiat(order.fiatAmount, order.fiatCur),
          crypto: formatCrypto(order.cryptoAmount, order.cryptoCur),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {action.explanation}
      </Text>
    </CheckRow>
  )
}

/**
 * The paid orders whose coins wait for the customer (decision 087), each with the one thing that moves it on: the step
 * its payout waits for, on that step's screen (the wallet's opened on the order's own wallet).
 */
export function WaitingOrders({
  orders,
  steps,
  from,
}: {
  orders: readonly WaitingOrder[]
  steps: readonly OwedStep[]
  from: string
}) {
  const title = useCatalog(journeyCatalog)('journey.orders.title')
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {orders.map((waiting) => (
          <WaitingOrderRow
            key={waiting.order.orderReference}
            waiting={waiting}
            owed={steps.find((step) => step.id === waiting.waitsFor.step)}
            from={from}
          />
        ))}
      </Stack>
    </Stack>
  )
}
