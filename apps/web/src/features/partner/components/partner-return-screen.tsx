import type { PartnerReturnStatus } from '@exchange/shared/partner.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { useEffect, useState } from 'react'
import { PartnerRefusalScreen } from '../../../components/account/partner-refusal'
import { AuthCard, Button, FormAlert, PageSpinner } from '../../../components/account/ui'
import { useBrandPayload } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { clearSessionState } from '../../../lib/session-state'
import { endPartnerVisit, partnerNameOf, readPartnerVisit } from '../../../lib/partner-visit'
import { returnToPartner } from '../api/return-to-partner'
import { partnerCatalog } from '../messages'

/** The message a framed visit sends its partner's page, which alone can take the customer back (decision 116). */
const PARTNER_RETURN_MESSAGE = 'helvex:return'

type Outcome =
  { phase: 'asking' } | { phase: 'framed'; url: string; name: string } | { phase: 'ended' } | { phase: 'failed' }

/** Whether this page runs inside another site's frame (reading `top` itself is allowed across origins). */
const isFramed = () => window.self !== window.top

/**
 * Hands the customer back: a page of its own goes to the address at once; a framed one tells the partner's page (only
 * at the address's own origin) and shows a link that leaves the frame, since a frame cannot move its parent unasked.
 */
function goBack(url: string, status: PartnerReturnStatus): boolean {
  if (!isFramed()) {
    window.location.assign(url)
    return false
  }
  window.parent.postMessage({ type: PARTNER_RETURN_MESSAGE, url, status }, new URL(url).origin)
  return true
}

function useReturn(): [Outcome, () => void] {
  const brandPayload = useBrandPayload()
  const [outcome, setOutcome] = useState<Outcome>({ phase: 'asking' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const visit = readPartnerVisit()
    if (!visit) return setOutcome({ phase: 'ended' })
    let current = true
    returnToPartner({ entry: visit.entry, ...brandPayload }).then(
      (answer) => {
        if (!current) return
        if (!answer.result) {
          if (answer.error !== 'mp_entry_ended') return setOutcome({ phase: 'failed' })
          endPartnerVisit()
          return setOutcome({ phase: 'ended' })
        }
        const { url, status } = answer.data
        // The visit and its sessions are over (the api ended them): nothing of it stays in the tab.
        endPartnerVisit()
        clearSessionState()
        if (goBack(url, status)) setOutcome({ phase: 'framed', url, name: partnerNameOf(visit.partner) })
      },
      () => current && setOutcome({ phase: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [brandPayload, attempt])
  return [outcome, () => setAttempt((count) => count + 1)]
}

/** `/mp-returnog` and `/logoutmp`: the end of a partner's visit, and the way back to the partner. */
export function PartnerReturnScreen() {
  const t = useCatalog(partnerCatalog)
  const [outcome, retry] = useReturn()
  if (outcome.phase === 'ended') return <PartnerRefusalScreen refusal="mp_entry_ended" />
  if (outcome.phase === 'failed')
    return (
      <AuthCard title={t('partner.return.failedTitle')}>
        <div className="ac-stack">
          <FormAlert message={ALERT_MESSAGES.somethingWentWrong} />
          <Button onClick={retry}>{t('partner.return.tryAgain')}</Button>
        </div>
      </AuthCard>
    )
  if (outcome.phase === 'framed')
    return (
      <AuthCard title={t('partner.return.backTo', { partner: outcome.name })} description={t('partner.return.ended')}>
        <a className="ac-button" data-variant="filled" href={outcome.url} target="_top">
          <span className="ac-button-label">{t('partner.return.backTo', { partner: outcome.name })}</span>
        </a>
      </AuthCard>
    )
  return <PageSpinner label={t('partner.return.takingBack')} />
}
