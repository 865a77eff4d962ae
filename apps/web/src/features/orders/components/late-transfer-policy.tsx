import { Text } from '@mantine/core'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'

/**
 * What happens to a bank transfer that lands after the price time (decision 025), said before the customer sends it,
 * in the words of the order-created e-mail.
 */
export function LateTransferPolicy({ priceExpiresAt }: { priceExpiresAt: string }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Text size="sm" inherit>
      {t('orders.latePolicy', { date: formatDateTime(priceExpiresAt) })}
    </Text>
  )
}
