import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { Alert, Anchor, Divider, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
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
            Your wallets
          </Title>
          <Text size="sm">
            We send crypto only to a wallet you have shown to be yours. The law asks us to check this, so that coins
            reach their owner and nobody else. You prove a wallet once; we remember it for your next orders.
          </Text>
        </Stack>
        {order && !order.paid ? (
          <Alert color="blue" variant="light" title={`Before you pay for order ${order.reference}`}>
            Show that this wallet is yours: sign a short message with it, or, if it is an address at an exchange, name
            the exchange. You then go back to paying.
          </Alert>
        ) : null}
        {order?.paid ? (
          <Alert color="yellow" variant="light" title={`Order ${order.reference} waits for this wallet`}>
            <Stack gap={6}>
              <Text size="sm">
                {order.wallet
                  ? 'Your payment is in. Prove that this wallet is yours and we buy and send your coins straight away.'
                  : 'Your payment is in, but the order has no wallet yet. Enter the wallet your coins should go to and prove that it is yours; we then buy and send your coins straight away.'}
              </Text>
              <Anchor component={Link} to={pathForOrder(WEB_PATHS.wayOut, order.reference)} size="sm">
                Cannot prove it? Choose another wallet or get your money back
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
