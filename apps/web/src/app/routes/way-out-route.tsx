import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { ORDER_PARAM, pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PageLoader } from '../../components/ui/page-loader'
import { useOrderDetail } from '../../features/orders/api/get-order-detail'
import { useChangeOrderWallet, useRequestRefund } from '../../features/orders/api/way-out'
import { WayOutScreen } from '../../features/orders/components/way-out-screen'
import { useWallets } from '../../features/wallets/api/list-wallets'
import { useBrand } from '../../lib/brand-context'
import { orderAlertCopy } from '../../lib/order-copy'
import { useCatalog } from '../../lib/i18n/catalog'
import { screensCatalog } from './messages'
import { localizeCopy } from '../../lib/common-copy'

/** What a held payout waits for, after "the order waits for". */
const WAITING_FOR = ['wallet', 'identity', 'enhanced_checks', 'source_of_funds', 'details'] as const

/** What a paid order's payout waits for, in words, e.g. "your identity check". */
function waitingFor(step: JourneyStepId | undefined): string {
  const known = WAITING_FOR.find((candidate) => candidate === step)
  return screensCatalog.t(known ? `screens.wayOut.waitingFor.${known}` : 'screens.wayOut.waitingFor.other')
}

/** The customer's other wallets of the order's coin, each with how it was proven, in words. */
function otherWallets(
  saved: { crypto: string; address: string; method: string; walletProvider?: string | null }[],
  order: { cryptoCur: string; orderWallet: string },
) {
  return saved
    .filter((wallet) => wallet.crypto === order.cryptoCur)
    .filter((wallet) => wallet.address.toLowerCase() !== order.orderWallet.toLowerCase())
    .map((wallet) => ({
      address: wallet.address,
      how:
        wallet.method === 'signed_message'
          ? screensCatalog.t('screens.wayOut.signedMessage')
          : screensCatalog.t('screens.wayOut.declared', {
              provider: wallet.walletProvider ?? screensCatalog.t('screens.wayOut.noProvider'),
            }),
    }))
}

/** /dashboard-wayout?order=REF (decision 085): the way out of a paid order whose delivery waits. */
export function Component() {
  const t = useCatalog(screensCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const reference = params.get(ORDER_PARAM)
  const detail = useOrderDetail(brand.brandName, reference)
  const wallets = useWallets(brand.brandName)
  const change = useChangeOrderWallet()
  const refund = useRequestRefund()

  if (reference && (detail.isPending || wallets.isPending)) return <PageLoader />
  const found = detail.data && detail.data.result ? detail.data.data : null
  const orderPath = pathForOrder(WEB_PATHS.history, reference)
  if (!found || found.order.statusName !== 'awaiting_checks')
    return (
      <Paper withBorder radius="lg" p="lg" maw={720} component="section" aria-labelledby="way-out">
        <Stack gap="sm">
          <Title id="way-out" order={1} fz={24}>
            {t('screens.wayOut.nothingTitle')}
          </Title>
          <Text size="sm">{t('screens.wayOut.nothingBody')}</Text>
          <Anchor component={Link} to={found ? orderPath : WEB_PATHS.history} size="sm">
            {found ? t('screens.wayOut.backToOrder') : t('screens.wayOut.yourOrders')}
          </Anchor>
        </Stack>
      </Paper>
    )

  const order = found.order
  const saved = wallets.data && wallets.data.result ? wallets.data.data : []
  const choices = otherWallets(saved, order)
  const step = found.payoutWaitsFor?.step

  async function settled(answer: Awaited<ReturnType<typeof refund.mutateAsync>>, done: string) {
    if (!answer) return localizeCopy(ALERT_MESSAGES.somethingWentWrong)
    if (!answer.result) return orderAlertCopy(answer)
    notifications.show({
      color: 'green',
      title: t('screens.wayOut.order', { reference: order.orderReference }),
      message: done,
    })
    void navigate(orderPath)
    return null
  }

  return (
    <WayOutScreen
      order={order}
      waitingFor={waitingFor(step)}
      wallets={choices}
      proveWalletPath={pathForOrder(WEB_PATHS.wallets, order.orderReference)}
      orderPath={orderPath}
      changing={change.isPending}
      refunding={refund.isPending}
      onChangeWallet={async (wallet) =>
        settled(
          await change
            .mutateAsync({ brandName: brand.brandName, orderReference: order.orderReference, wallet })
            .catch(() => false as const),
          t('screens.wayOut.walletChanged'),
        )
      }
      onRefund={async () =>
        settled(
          await refund
            .mutateAsync({ brandName: brand.brandName, orderReference: order.orderReference })
            .catch(() => false as const),
          t('screens.wayOut.refunded'),
        )
      }
    />
  )
}
