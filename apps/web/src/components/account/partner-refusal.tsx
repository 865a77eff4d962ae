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

const ASK_AGAIN = 'Please go back to the service that sent you here and ask it for a new link.'

/** What happened, and what to do: the customer's only way on is the partner, so the screen has nothing to click. */
const REFUSAL_COPY: Record<PartnerRefusal, { title: string; what: string; next: string }> = {
  mp_link_unknown: {
    title: 'This link does not work',
    what: 'We do not know this link. It may have been copied only in part, or changed on its way here.',
    next: ASK_AGAIN,
  },
  mp_link_used: {
    title: 'This link has already been used',
    what: 'Each link opens one visit only, and this one was opened before, perhaps in another tab or window.',
    next: ASK_AGAIN,
  },
  mp_link_expired: {
    title: 'This link has expired',
    what: 'A link works for five minutes after it is made, and this one is older.',
    next: ASK_AGAIN,
  },
  mp_link_other_address: {
    title: 'This link was made for another connection',
    what: 'For your safety, a link opens only from the internet connection it was made for. Yours has changed (another Wi-Fi or mobile network, or a VPN).',
    next: 'Please go back to the service that sent you here and ask it for a new link from the connection you use now.',
  },
  mp_partner_disabled: {
    title: 'Buying through this service is paused',
    what: 'The service that sent you here cannot open visits with us at the moment.',
    next: 'Please contact that service. Nothing was bought and no money was taken.',
  },
  mp_entry_ended: {
    title: 'Your visit has ended',
    what: 'This visit is over: you went back, or it was open too long.',
    next: 'To buy again, start again from the service that sent you here; it gives you a new link.',
  },
  no_visit: {
    title: 'No visit is open in this tab',
    what: 'This page opens from a link a partner service gives you, and this tab has none.',
    next: ASK_AGAIN,
  },
}

/** The screen of a refused link or an ended visit. */
export function PartnerRefusalScreen({ refusal }: { refusal: PartnerRefusal }) {
  const copy = REFUSAL_COPY[refusal]
  return (
    <AuthCard title={copy.title}>
      <div role="alert" className="ac-stack-tight">
        <p>{copy.what}</p>
        <p>{copy.next}</p>
      </div>
    </AuthCard>
  )
}
