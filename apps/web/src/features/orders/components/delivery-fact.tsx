import type { Delivery } from '@exchange/shared/orders.schemas'
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { CopyTextButton } from '../../../components/ui/copy-text-button'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'

/**
 * The transaction that sent the coins: a link to it on the coin's block explorer (marked "Testnet" when the provider
 * runs on one), its id to copy; for the sandbox's simulated ids a plain statement that nothing moved on a chain.
 */
export function DeliveryFact({ delivery, linkLabel }: { delivery: Delivery; linkLabel?: string }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap={2} component="section" aria-label={t('orders.delivery.label')}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('orders.delivery.transaction')}
      </Text>
      {delivery.simulated ? (
        <Text size="sm" fw={600}>
          {/* Said for a delivery the sandbox made up: there is no transaction on any chain to look at. */}
          {t('orders.delivery.simulated')}
        </Text>
      ) : delivery.explorerUrl ? (
        <Group gap="xs" wrap="wrap">
          <Anchor href={delivery.explorerUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {linkLabel ?? t('orders.delivery.explorer')}
          </Anchor>
          {delivery.network === 'testnet' ? (
            <Badge size="sm" variant="light" color="gray">
              {t('orders.delivery.testnet')}
            </Badge>
          ) : null}
        </Group>
      ) : null}
      <Group gap="xs" wrap="wrap" align="flex-start">
        <Text
          size="xs"
          ff="monospace"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
          aria-label={t('orders.delivery.txId')}
        >
          {delivery.txId}
        </Text>
        <CopyTextButton className="no-print" value={delivery.txId} what={t('orders.delivery.txIdWhat')} />
      </Group>
    </Stack>
  )
}
