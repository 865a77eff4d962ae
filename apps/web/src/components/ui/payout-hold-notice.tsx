import { PAYOUT_HOLD_HOURS, type PayoutHold, securityChangeWords } from '@exchange/shared/payout-hold'
import { Alert } from '@mantine/core'
import { formatDateTime } from '../../lib/format'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog, type UiId } from '../messages'

/** A change the shared words do not name reads as "a security setting … was changed", as the shared words say it. */
const UNNAMED = securityChangeWords('')

/** Why a payout waits (the shared `payoutHoldWords`), in the customer's language, with the time in their locale. */
export function payoutHoldText(reason: string, when: string): string {
  const change = uiCatalog.t(`ui.hold.change.${securityChangeWords(reason) === UNNAMED ? 'other' : reason}` as UiId)
  return uiCatalog.t('ui.hold.body', { change, hours: PAYOUT_HOLD_HOURS, when })
}

/**
 * The hold on a payout to a new wallet after a security change (decision 126), said where the customer decides: the
 * calculator's wallet, the order before payment, the order waiting for it. The time is the customer's own.
 */
export function PayoutHoldNotice({ hold }: { hold: PayoutHold }) {
  const t = useCatalog(uiCatalog)
  return (
    <Alert color="orange" variant="light" radius="md" title={t('ui.hold.title')}>
      {payoutHoldText(hold.reason, formatDateTime(hold.until))}
    </Alert>
  )
}
