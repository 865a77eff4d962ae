import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { CopyTextButton } from '../../../components/ui/copy-text-button'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'

/** "bc1qar0s…5mdq": enough of both ends to compare with the wallet app, short enough for a phone. */
function shortenWallet(wallet: string): string {
  return wallet.length <= 18 ? wallet : `${wallet.slice(0, 8)}…${wallet.slice(-6)}`
}

/**
 * Where the coins go: the destination wallet shortened, the full address on demand and a copy button, so that the
 * customer can check it against their wallet app before paying.
 */
export function WalletFact({ wallet, coin }: { wallet: string; coin: string }) {
  const t = useCatalog(ordersCatalog)
  const [full, setFull] = useState(false)
  const label = t('orders.wallet.coinWallet', { coin: coin.toUpperCase() })
  return (
    <Stack gap={2} component="section" aria-label={t('orders.wallet.label')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('orders.wallet.goesTo')}
      </Text>
      {wallet === PLACEHOLDER_WALLET ? (
        <Text size="sm">{t('orders.wallet.none')}</Text>
      ) : (
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Text
            size="sm"
            fw={600}
            ff="monospace"
            style={{ overflowWrap: 'anywhere' }}
            aria-label={full ? `${label} ${wallet}` : t('orders.wallet.shortened', { label })}
            title={wallet}
          >
            {full ? wallet : shortenWallet(wallet)}
          </Text>
          <CopyTextButton value={wallet} what={t('orders.wallet.addressWhat')} />
          {wallet.length > 18 ? (
            <Button variant="subtle" size="compact-xs" onClick={() => setFull((shown) => !shown)}>
              {full ? t('orders.wallet.shorten') : t('orders.wallet.showFull')}
            </Button>
          ) : null}
        </Group>
      )}
    </Stack>
  )
}
