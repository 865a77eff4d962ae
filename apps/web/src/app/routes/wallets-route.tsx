import { ORDER_PARAM, pathForOrder } from '@exchange/shared/web-links'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { OPEN_STATUSES } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { notifications } from '@mantine/notifications'
import { useNavigate, useSearchParams } from 'react-router'
import { PageLoader } from '../../components/ui/page-loader'
import { useOrderDetail } from '../../features/orders/api/get-order-detail'
import { useSetOrderWallet } from '../../features/orders/api/set-order-wallet'
import type { WalletForOrder } from '../../features/wallets/components/prove-wallet-form'
import { WalletsScreen } from '../../features/wallets/components/wallets-screen'
import { useBrand } from '../../lib/brand-context'
import { orderAlertCopy } from '../../lib/order-copy'
import { takeReturnTo } from '../../lib/return-to'
import { screensCatalog } from './messages'

/**
 * /dashboard-wallets, optionally `?order=REF` (decision 039): opened for a paid order waiting for its wallet, the
 * screen proves that wallet (giving it to the order first proven when the order had none) and leads back to the
 * order in the history. Opened for an order not yet paid, whose payment waits for its wallet (decision 080), it leads
 * back to the payment screen the customer came from.
 */
export function Component() {
  const brand = useBrand()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const reference = params.get(ORDER_PARAM)
  const detail = useOrderDetail(brand.brandName, reference)
  const setOrderWallet = useSetOrderWallet()

  if (reference && detail.isPending) return <PageLoader />
  const found = detail.data && detail.data.result ? detail.data.data.order : null
  // A paid order waiting for its wallet, or an order not yet paid whose wallet is proven before payment (decision 084).
  const unpaid = found !== null && OPEN_STATUSES.some((open) => open === found.statusName)
  const waiting = found && (found.statusName === 'awaiting_checks' || unpaid) ? found : null
  const wallet = waiting?.orderWallet && waiting.orderWallet !== PLACEHOLDER_WALLET ? waiting.orderWallet : null
  // An order started without a wallet takes the one proven here while it is not yet paid for (decision 080).
  const order: WalletForOrder | null =
    waiting && (wallet !== null || !unpaid || waiting.statusName === 'initiated')
      ? { reference: waiting.orderReference, crypto: waiting.cryptoCur, wallet, paid: !unpaid }
      : null

  async function afterProof(wallet: { address: string }): Promise<string | null> {
    notifications.show({
      color: 'green',
      title: screensCatalog.t('screens.wallets.saved'),
      message: screensCatalog.t('screens.wallets.proven'),
    })
    if (!order) return null
    if (order.wallet === null) {
      const given = await setOrderWallet.mutateAsync({
        brandName: brand.brandName,
        orderReference: order.reference,
        wallet: wallet.address,
      })
      if (!given) return ALERT_MESSAGES.somethingWentWrong
      if (!given.result) return orderAlertCopy(given)
    }
    // Before payment, back to the payment screen the customer came from (or the method screen); after it, to the order.
    if (order.paid) void navigate(pathForOrder(WEB_PATHS.history, order.reference))
    else void navigate(pathForOrder(takeReturnTo() ?? WEB_PATHS.method, order.reference))
    return null
  }

  return <WalletsScreen key={order?.reference ?? 'none'} order={order} onProven={afterProof} />
}
