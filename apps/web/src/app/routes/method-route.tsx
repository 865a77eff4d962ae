import { OPEN_STATUSES } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { MethodScreen } from '../../features/orders/components/method-screen'
import { useWallets } from '../../features/wallets/api/list-wallets'
import { useBrand } from '../../lib/brand-context'
import { getSessionState } from '../../lib/session-state'
import { screensCatalog } from './messages'

/**
 * /dashboard-method: the order flow's choice of payment method. An open order whose wallet is not yet proven says
 * so first and leads to the wallet screen, which comes back here (decision 084): the wallet is settled before payment.
 */
export function Component() {
  const brand = useBrand()
  const wallets = useWallets(brand.brandName)
  const active = getSessionState().activeOrder
  const saved = wallets.data && wallets.data.result ? wallets.data.data : null
  const unproven =
    active !== null &&
    saved !== null &&
    OPEN_STATUSES.some((open) => open === active.statusName) &&
    active.orderWallet !== PLACEHOLDER_WALLET &&
    !saved.some(
      (wallet) =>
        wallet.crypto === active.cryptoCur && wallet.address.toLowerCase() === active.orderWallet.toLowerCase(),
    )
  return (
    <Stack gap="md">
      {unproven ? (
        <Alert color="blue" variant="light" radius="md" title={screensCatalog.t('screens.method.proveTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {screensCatalog.t('screens.method.proveBody', { wallet: active.orderWallet })}
            </Text>
            <Button component={Link} to={pathForOrder(WEB_PATHS.wallets, active.orderReference)} size="xs">
              {screensCatalog.t('screens.method.prove')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <MethodScreen />
    </Stack>
  )
}
