import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { startActiveOrder } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useRequoteOrder } from '../api/requote-order'
import { formatHold, usePriceHold } from '../use-price-hold'

/** The price's time as a live countdown while it holds, and its end once it has passed. */
export function PriceHoldText({ priceExpiresAt }: { priceExpiresAt: string }) {
  const { secondsLeft, expired } = usePriceHold(priceExpiresAt)
  if (expired) return <>Ran out at {formatDateTime(priceExpiresAt)}</>
  return (
    <span role="timer" aria-live="off">
      {secondsLeft <= 3600 ? `${formatHold(secondsLeft)} left, ` : ''}until {formatDateTime(priceExpiresAt)}
    </span>
  )
}

/**
 * A started order whose price ran out while the customer looked at it: no payment at that price any more. Offers a new
 * order for the same amount, coin and wallet at today's price, which the customer sees before paying.
 */
export function PriceExpiredNotice({ order }: { order: OrderSummary }) {
  const brand = useBrand()
  const navigate = useNavigate()
  const requote = useRequoteOrder()
  const [error, setError] = useState<string | null>(null)

  function newPrice() {
    setError(null)
    requote.mutate(
      {
        amount: order.fiatAmount,
        assetId: order.assetId,
        wallet: order.orderWallet === PLACEHOLDER_WALLET ? '' : order.orderWallet,
        brandName: brand.brandName,
      },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            setError(answer ? orderAlertCopy(answer) : ALERT_MESSAGES.somethingWentWrong)
            return
          }
          const created = answer.data
          startActiveOrder({
            orderReference: created.reference,
            tranId: created.tranId,
            statusName: 'initiated',
            fiatCur: order.fiatCur,
            cryptoCur: order.cryptoCur,
            orderAmount: order.orderAmount,
            orderWallet: order.orderWallet,
            azToken: order.azToken,
          })
          void navigate(pathForOrder(WEB_PATHS.method, created.reference))
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <Alert role="note" color="orange" variant="light" title="The price of this order ran out">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Order {order.orderReference} held its price until {formatDateTime(order.priceExpiresAt)}. It can no longer be
          paid at that price, and nothing was charged.
        </Text>
        <Text size="sm">
          You can buy the same amount at today&apos;s price: we show you the new price and amount before you pay.
        </Text>
        <FormAlert message={error} />
        <Group gap="md">
          <Button onClick={newPrice} loading={requote.isPending}>
            Get a new price
          </Button>
          <Anchor component={Link} to={WEB_PATHS.dashboard} size="sm" fw={600}>
            Change the amount in the calculator
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  )
}
