import { Text } from '@mantine/core'
import { formatDateTime } from '../../../lib/format'

/**
 * What happens to a bank transfer that lands after the price time (decision 025), said before the customer sends it,
 * in the words of the order-created e-mail.
 */
export function LateTransferPolicy({ priceExpiresAt }: { priceExpiresAt: string }) {
  return (
    <Text size="sm" inherit>
      The price is fixed until {formatDateTime(priceExpiresAt)}, and a transfer can take up to one business day. If
      yours arrives later, we buy at the price when it arrives if that is close to this one or better; if the price has
      moved further against you, we ask you first whether to buy at it or have your money sent back.
    </Text>
  )
}
