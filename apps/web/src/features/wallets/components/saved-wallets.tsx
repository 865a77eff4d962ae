import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useBrand } from '../../../lib/brand-context'
import { formatDateTime } from '../../../lib/format'
import { useWallets } from '../api/list-wallets'
import { LoadFailed } from '../../../components/ui/load-states'

function proofLabel(wallet: ProvenWallet): string {
  return wallet.method === 'signed_message'
    ? 'Proven by signed message'
    : `Declared${wallet.walletProvider ? ` · ${wallet.walletProvider}` : ''}`
}

/** The wallets the customer has proven, newest first: crypto can be sent to each of them. */
export function SavedWallets() {
  const brand = useBrand()
  const wallets = useWallets(brand.brandName)
  const answer = wallets.data
  const list = answer && answer.result ? [...answer.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : null

  let body
  if (wallets.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label="Loading your wallets">
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  } else if (!list) {
    body = <LoadFailed title="We could not load your wallets" onRetry={() => void wallets.refetch()} />
  } else if (list.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No saved wallets yet. A wallet you prove is kept here for your next orders.
      </Text>
    )
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Saved wallets">
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
        Saved wallets
      </Title>
      {body}
    </Stack>
  )
}
