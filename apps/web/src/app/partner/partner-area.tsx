import * as PARTNER_PATHS from '@exchange/shared/partner-web-paths'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button } from '@mantine/core'
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router'
import { PartnerRefusalScreen } from '../../components/account/partner-refusal'
import { PageSpinner } from '../../components/account/ui'
import { PartnerClaim, PartnerSignIn } from '../../features/auth/components/partner-sign-in'
import { receiveVisitFromOpener } from '../../features/partner/continue-in-new-tab'
import { PartnerReturnScreen } from '../../features/partner/components/partner-return-screen'
import {
  adoptPartnerVisit,
  dropPartnerSession,
  partnerNameOf,
  readPartnerVisit,
  restorePartnerSession,
} from '../../lib/partner-visit'
import { standInForDeniedStorage } from '../../lib/storage-stand-in'
import { useJwtToken } from '../../lib/use-jwt-token'
import { Component as PartnerCheckoutRoute } from './partner-checkout-route'
import { PartnerLayout } from './partner-layout'
import { PARTNER_TWINS, PartnerPaths } from './partner-paths'
import { usePartnerSession } from './partner-session'
import { commonCatalog } from '../../lib/common-copy'
import { useCatalog } from '../../lib/i18n/catalog'
import { visitCatalog } from './messages'

// Before any screen of the visit reads the tab's storage, which a partner's frame may be denied (decision 123).
standInForDeniedStorage()

/** A page of the partner's sign-in or way back: one centred card, as the account screens. */
function Card({ children }: { children: ReactNode }) {
  return <div className="ac-centre">{children}</div>
}

/**
 * `/mp`: with a link's token, claims it; signed in, the partner's order (`/mp-checkout`); with a claimed visit, the
 * sign-in; with none, a screen that says so. The address is the partner's dashboard: the journey comes back here.
 */
function PartnerHome() {
  const [search] = useSearchParams()
  const { key } = useLocation()
  const token = useJwtToken()
  const partner = search.get('partner')
  const linkToken = search.get('token')
  if (linkToken !== null) return <Card>{<PartnerClaim partner={partner ?? ''} token={linkToken} />}</Card>
  const visit = readPartnerVisit()
  if (!visit) return <Card>{<PartnerRefusalScreen refusal="no_visit" />}</Card>
  if (token) return <Navigate to={PARTNER_PATHS.partnerCheckout} replace />
  // Signed out of the visit (the session ended): a reload must not bring the dead token back.
  if (visit.token) dropPartnerSession()
  // Each arrival here (the code screen's way back) starts the sign-in afresh.
  return <Card>{<PartnerSignIn key={key} visit={visit} />}</Card>
}

/** `/mp-continue`: a visit handed over by the partner's frame that opened this tab, continued here on its page. */
function ContinueVisit() {
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let current = true
    void receiveVisitFromOpener().then((received) => {
      if (!current) return
      if (received && adoptPartnerVisit(received.visit)) void navigate(received.page, { replace: true })
      else setFailed(true)
    })
    return () => {
      current = false
    }
  }, [navigate])
  if (failed) return <PartnerRefusalScreen refusal="no_visit" />
  return <PageSpinner label={visitCatalog.t('visit.continuing')} />
}

/** The thank-you and sorry screens in a visit: the way back to the partner under them. */
function WithWayBack({ Screen }: { Screen: ComponentType }) {
  const name = partnerNameOf(usePartnerSession().partner)
  return (
    <>
      <Screen />
      <Button component={Link} to={PARTNER_PATHS.partnerReturn} mt="lg">
        Back to {name}
      </Button>
    </>
  )
}

const WAY_BACK_AFTER: readonly string[] = [WEB_PATHS.thankYou, WEB_PATHS.sorry]

function loading(screen: ReactNode) {
  return <Suspense fallback={<PageSpinner label={commonCatalog.t('common.loading')} />}>{screen}</Suspense>
}

/**
 * The partner mode (decision 116), loaded on demand: its own routes, each signed-in screen the same component as its
 * /dashboard twin inside the partner's frame, and every path the screens name turned into its partner twin.
 */
export function Component() {
  useCatalog(visitCatalog)
  // A reload: the visit's session is the tab's again, before anything reads it.
  useState(restorePartnerSession)
  return (
    <PartnerPaths>
      <Routes>
        <Route path={PARTNER_PATHS.partnerHome} element={<PartnerHome />} />
        <Route path={PARTNER_PATHS.partnerLogout} element={<Card>{<PartnerReturnScreen />}</Card>} />
        <Route path={PARTNER_PATHS.partnerReturn} element={<Card>{<PartnerReturnScreen />}</Card>} />
        <Route path={PARTNER_PATHS.partnerContinue} element={<Card>{<ContinueVisit />}</Card>} />
        <Route element={<PartnerLayout />}>
          <Route path={PARTNER_PATHS.partnerCheckout} element={<PartnerCheckoutRoute />} />
          {PARTNER_TWINS.map(({ path, partnerPath, Screen }) => (
            <Route
              key={partnerPath}
              path={partnerPath}
              element={loading(WAY_BACK_AFTER.includes(path) ? <WithWayBack Screen={Screen} /> : <Screen />)}
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={PARTNER_PATHS.partnerHome} replace />} />
      </Routes>
    </PartnerPaths>
  )
}
