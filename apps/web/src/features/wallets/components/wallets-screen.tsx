import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { Alert, Anchor, Divider, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useCatalog } from '../../../lib/i18n/catalog'
import { walletsCatalog } from '../messages'
import { ProveWalletForm, type WalletForOrder } from './prove-wallet-form'
import { SavedWallets } from './saved-wallets'

interface WalletsScreenProps {
  /** The paid order waiting for its wallet, when the screen was opened for it (`?order=`). */
  order: WalletForOrder | null
  /** Runs once a wallet is saved; answers a message to show when what follows failed, else null. */
  onProven: (wallet: ProvenWallet) => Promise<string | null>
}

/**
 * /dashboard-wallets (decision 039): the wallets the customer has shown to be theirs, and proving a new one. Opened for
 * a paid order, it proves that order's wallet and the route then leads back to the order.
 */
export function WalletsScreen({ order, onProven }: WalletsScreenProps) {
  const t = useCatalog(walletsCatalog)
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={720}
      component="section"
      aria-labelledby="wallets-title"
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Title id="wallets-title" order={1} fz={{ base: 24, sm: 28 }}>
            {t('wallets.title')}
          </Title>
          <Text size="sm">{t('wallets.lead')}</Text>
        </Stack>
        {order && !order.paid ? (
          <Alert color="blue" variant="light" title={t('wallets.beforePay.title', { reference: order.reference })}>
            {t('wallets.beforePay.body')}
          </Alert>
        ) : null}
        {order?.paid ? (
          <Alert color="yellow" variant="light" title={t('wallets.paid.title', { reference: order.reference })}>
            <Stack gap={6}>
              <Text size="sm">{order.wallet ? t('wallets.paid.withWallet') : t('wallets.paid.noWallet')}</Text>
              <Anchor component={Link} to={pathForOrder(WEB_PATHS.wayOut, order.reference)} size="sm">
                {t('wallets.paid.wayOut')}
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        <ProveWalletForm order={order} onProven={onProven} />
        <Divider />
        <SavedWallets />
      </Stack>
    </Paper>
  )
}
