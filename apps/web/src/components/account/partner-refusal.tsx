import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog, type UiId } from '../messages'
import { AuthCard } from './ui'

/** Why a partner's link or visit opens nothing: each refusal of `mplogin` and `mpOgReturn`, and a tab with no visit. */
const PARTNER_REFUSALS = [
  'mp_link_unknown',
  'mp_link_used',
  'mp_link_expired',
  'mp_link_other_address',
  'mp_partner_disabled',
  'mp_entry_ended',
  'no_visit',
] as const
export type PartnerRefusal = (typeof PARTNER_REFUSALS)[number]

export const isPartnerRefusal = (error: string): error is PartnerRefusal =>
  (PARTNER_REFUSALS as readonly string[]).includes(error)

const ASK_AGAIN: UiId = 'ui.partner.askAgain'

/** What happened, and what to do: the customer's only way on is the partner, so the screen has nothing to click. */
const REFUSAL_COPY: Record<PartnerRefusal, { title: UiId; what: UiId; next: UiId }> = {
  mp_link_unknown: {
    title: 'ui.partner.mp_link_unknown.title',
    what: 'ui.partner.mp_link_unknown.what',
    next: ASK_AGAIN,
  },
  mp_link_used: {
    title: 'ui.partner.mp_link_used.title',
    what: 'ui.partner.mp_link_used.what',
    next: ASK_AGAIN,
  },
  mp_link_expired: {
    title: 'ui.partner.mp_link_expired.title',
    what: 'ui.partner.mp_link_expired.what',
    next: ASK_AGAIN,
  },
  mp_link_other_address: {
    title: 'ui.partner.mp_link_other_address.title',
    what: 'ui.partner.mp_link_other_address.what',
    next: 'ui.partner.mp_link_other_address.next',
  },
  mp_partner_disabled: {
    title: 'ui.partner.mp_partner_disabled.title',
    what: 'ui.partner.mp_partner_disabled.what',
    next: 'ui.partner.mp_partner_disabled.next',
  },
  mp_entry_ended: {
    title: 'ui.partner.mp_entry_ended.title',
    what: 'ui.partner.mp_entry_ended.what',
    next: 'ui.partner.mp_entry_ended.next',
  },
  no_visit: {
    title: 'ui.partner.no_visit.title',
    what: 'ui.partner.no_visit.what',
    next: ASK_AGAIN,
  },
}

/** The screen of a refused link or an ended visit. */
export function PartnerRefusalScreen({ refusal }: { refusal: PartnerRefusal }) {
  const t = useCatalog(uiCatalog)
  const copy = REFUSAL_COPY[refusal]
  return (
    <AuthCard title={t(copy.title)}>
      <div role="alert" className="ac-stack-tight">
        <p>{t(copy.what)}</p>
        <p>{t(copy.next)}</p>
      </div>
    </AuthCard>
  )
}
