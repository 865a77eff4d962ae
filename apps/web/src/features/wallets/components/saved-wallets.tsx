import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useWallets } from '../api/list-wallets'
import { LoadFailed } from '../../../components/ui/load-states'
import { useCatalog } from '../../../lib/i18n/catalog'
import { walletsCatalog } from '../messages'

function proofLabel(wallet: ProvenWallet): string {
  const { t } = walletsCatalog
  if (wallet.method === 'signed_message') return t('wallets.saved.signed')
  return wallet.walletProvider
    ? t('wallets.saved.declaredWith', { provider: wallet.walletProvider })
    : t('wallets.saved.declared')
}

/** The wallets the customer has proven, newest first: crypto can be sent to each of them. */
export function SavedWallets() {
  const t = useCatalog(walletsCatalog)
  const brand = useBrand()
  const wallets = useWallets(brand.brandName)
  const answer = wallets.data
  const list = answer && answer.result ? [...answer.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : null

  let body
  if (wallets.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label={t('wallets.saved.loading')}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  } else if (!list) {
    body = <LoadFailed title={t('wallets.saved.failed')} onRetry={() => void wallets.refetch()} />
  } else if (list.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('wallets.saved.none')}
      </Text>
    )
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('wallets.saved.list')}>
        {list.map((wallet) => (
          <Paper
            key={`${wallet.crypto}-${wallet.address}`}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-label={`${wallet.crypto.toUpperCase()} ${wallet.address}`}
          >
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{wallet.crypto.toUpperCase()}</Badge>
                <Text size="xs" c="dimmed">
                  {proofLabel(wallet)} · {formatDateTime(wallet.createdAt)}
                </Text>
              </Group>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {wallet.address}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    )
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="saved-wallets-title">
      <Title id="saved-wallets-title" order={2} fz="lg">
        {t('wallets.saved.title')}
      </Title>
      {body}
    </Stack>
  )
}
