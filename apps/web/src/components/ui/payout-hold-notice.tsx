import { PAYOUT_HOLD_HOURS, type PayoutHold } from '@exchange/shared/payout-hold'
import { Alert } from '@mantine/core'
import { formatDateTime } from '../../lib/format'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'
import type { UiId } from '../messages'

/** The security changes the hold names (the shared CHANGE_WORDS); any other is "a security setting … was changed". */
const NAMED_CHANGES = new Set([
  'password_changed',
  'password_reset_completed',
  'email_changed',
  'email_change_undone',
  'second_factor_enabled',
  'second_factor_disabled',
  'recovery_code_used',
  'recovery_codes_renewed',
  'passkey_added',
  'passkey_removed',
])

/** Why a payout waits (the shared `payoutHoldWords`), in the customer's language, with the time in their locale. */
export function payoutHoldText(reason: string, when: string): string {
  const change = uiCatalog.t(`ui.hold.change.${NAMED_CHANGES.has(reason) ? reason : 'other'}` as UiId)
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
