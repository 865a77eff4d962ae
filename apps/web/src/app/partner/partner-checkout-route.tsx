import type { PartnerPrefill } from '@exchange/shared/partner.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Suspense, type ComponentType } from 'react'
import { PageSpinner } from '../../components/account/ui'
import type { OrderValues } from '../../features/buy/components/buy-order'
import { partnerNameOf } from '../../lib/partner-visit'
import type { CalculatorPreset } from '../routes/calculator-route'
import { DASHBOARD_ROUTES } from '../signed-in-screens'
import { usePartnerSession } from './partner-session'
import { commonCatalog } from '../../lib/common-copy'
import { visitCatalog } from './messages'

/** The calculator's values the partner set: each part it left out stays the customer's to choose. */
function presetOf(prefill: PartnerPrefill): Partial<OrderValues> {
  const preset: Partial<OrderValues> = {}
  if (prefill.fiat) preset.fiat = prefill.fiat
  if (prefill.crypto) preset.crypto = prefill.crypto
  if (prefill.fiatAmount) Object.assign(preset, { side: 'fiat', fiatText: prefill.fiatAmount })
  else if (prefill.cryptoAmount) Object.assign(preset, { side: 'crypto', cryptoText: prefill.cryptoAmount })
  if (prefill.wallet) preset.wallet = prefill.wallet
  return preset
}

/** The /dashboard screen, loaded on demand as on /dashboard; it takes the partner's order as its props. */
const CalculatorRoute: ComponentType<CalculatorPreset> | undefined = DASHBOARD_ROUTES.find(
  (route) => route.path === WEB_PATHS.dashboard,
)?.Screen

/**
 * `/mp-checkout`: the /dashboard screen (the same module, so nothing of it loads twice) with the partner's order in its
 * calculator; what the partner locked is shown and cannot be changed (the api refuses a change too, `field_locked`).
 * The order then goes the usual way: a step owed, the method, the payment, each on its /mp- twin.
 */
export function Component() {
  const session = usePartnerSession()
  const name = partnerNameOf(session.partner)
  const preset = presetOf(session.prefill)
  const lockedNote =
    session.locked && Object.keys(preset).length > 0 ? visitCatalog.t('visit.lockedNote', { partner: name }) : undefined
  const refusalCopy = {
    field_locked: visitCatalog.t('visit.fieldLocked', { partner: name }),
  }
  return (
    <Suspense fallback={<PageSpinner label={commonCatalog.t('common.loading')} />}>
      {CalculatorRoute ? <CalculatorRoute preset={preset} lockedNote={lockedNote} refusalCopy={refusalCopy} /> : null}
    </Suspense>
  )
}
