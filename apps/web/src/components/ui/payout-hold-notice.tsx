import { type PayoutHold, payoutHoldWords } from '@exchange/shared/payout-hold'
import { Alert } from '@mantine/core'
import { formatDateTime } from '../../lib/format'

/**
 * The hold on a payout to a new wallet after a security change (decision 126), said where the customer decides: the
 * calculator's wallet, the order before payment, the order waiting for it. The time is the customer's own.
 */
export function PayoutHoldNotice({ hold }: { hold: PayoutHold }) {
  return (
    <Alert color="orange" variant="light" radius="md" title="Your coins go out after a safety wait">
      {payoutHoldWords(hold.reason, formatDateTime(hold.until))}
    </Alert>
  )
}
