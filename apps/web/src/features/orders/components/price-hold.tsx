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
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { useRequoteOrder } from '../api/requote-order'
import { formatHold, usePriceHold } from '../use-price-hold'

/** The price's time as a live countdown while it holds, and its end once it has passed. */
export function PriceHoldText({ priceExpiresAt }: { priceExpiresAt: string }) {
  const t = useCatalog(ordersCatalog)
  const { secondsLeft, expired } = usePriceHold(priceExpiresAt)
  const until = formatDateTime(priceExpiresAt)
  if (expired) return <>{t('orders.price.ranOutAt', { date: until })}</>
  return (
    <span role="timer" aria-live="off">
      {secondsLeft <= 3600
        ? t('orders.price.leftUntil', { left: formatHold(secondsLeft), date: until })
        : t('orders.fact.until', { date: until })}
    </span>
  )
}

/**
 * A started order whose price ran out while the customer looked at it: no payment at that price any more. Offers a new
 * order for the same amount, coin and wallet at today's price, which the customer sees before paying.
 */
export function PriceExpiredNotice({ order }: { order: OrderSummary }) {
  const t = useCatalog(ordersCatalog)
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
            setError(answer ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong))
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
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return (
    <Alert role="note" color="orange" variant="light" title={t('orders.price.ranOut')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t('orders.price.ranOutBody', {
            reference: order.orderReference,
            date: formatDateTime(order.priceExpiresAt),
          })}
        </Text>
        <Text size="sm">{t('orders.price.sameAmount')}</Text>
        <FormAlert message={error} />
        <Group gap="md">
          <Button onClick={newPrice} loading={requote.isPending}>
            {t('orders.price.newPrice')}
          </Button>
          <Anchor component={Link} to={WEB_PATHS.dashboard} size="sm" fw={600}>
            {t('orders.price.changeAmount')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  )
}
