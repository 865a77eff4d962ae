import type { Delivery } from '@exchange/shared/orders.schemas'
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { CopyTextButton } from '../../../components/ui/copy-text-button'

/** Said for a delivery the sandbox made up: there is no transaction on any chain to look at. */
const SIMULATED_TRANSACTION = 'Simulated transaction (test environment)'

/**
 * The transaction that sent the coins: a link to it on the coin's block explorer (marked "Testnet" when the provider
 * runs on one), its id to copy; for the sandbox's simulated ids a plain statement that nothing moved on a chain.
 */
export function DeliveryFact({
  delivery,
  linkLabel = 'View on the block explorer',
}: {
  delivery: Delivery
  linkLabel?: string
}) {
  return (
    <Stack gap={2} component="section" aria-label="Delivery transaction">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Transaction
      </Text>
      {delivery.simulated ? (
        <Text size="sm" fw={600}>
          {SIMULATED_TRANSACTION}
        </Text>
      ) : delivery.explorerUrl ? (
        <Group gap="xs" wrap="wrap">
          <Anchor href={delivery.explorerUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {linkLabel}
          </Anchor>
          {delivery.network === 'testnet' ? (
            <Badge size="sm" variant="light" color="gray">
              Testnet
            </Badge>
          ) : null}
        </Group>
      ) : null}
      <Group gap="xs" wrap="wrap" align="flex-start">
        <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }} aria-label="Transaction id">
          {delivery.txId}
        </Text>
        <CopyTextButton className="no-print" value={delivery.txId} what="transaction id" />
      </Group>
    </Stack>
  )
}
