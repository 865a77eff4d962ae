import type { BrandConfig } from '@exchange/shared/brand.schemas'
import * as PARTNER_PATHS from '@exchange/shared/partner-web-paths'
import { AppShell, Button, Group, Text } from '@mantine/core'
import { lazy, useEffect, useMemo, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { PartnerRefusalScreen } from '../../components/account/partner-refusal'
import { PageSpinner } from '../../components/account/ui'
import { BrandLogo } from '../../components/ui/brand-logo'
import { getMpSession } from '../../features/partner/api/get-mp-session'
import { knownBannerHeight, UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { BrandProvider, useBrand } from '../../lib/brand-context'
import { adoptLanguage } from '../../lib/i18n/account-language'
import { dropPartnerSession, partnerNameOf } from '../../lib/partner-visit'
import { useJwtToken } from '../../lib/use-jwt-token'
import { NewTabOffer } from './new-tab-offer'
import { PartnerSessionContext, type PartnerSession } from './partner-session'
import { visitCatalog } from './messages'

// The signed-in root and content of /dashboard, from its layout route's module (loaded on demand, as on /dashboard).
const layoutRoute = () => import('../routes/dashboard-layout-route')
const DashboardRoot = lazy(() => layoutRoute().then((module) => ({ default: module.DashboardRoot })))
const DashboardContent = lazy(() => layoutRoute().then((module) => ({ default: module.DashboardContent })))

const HEADER_HEIGHT = 56
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/

/** The brand as the partner's customers see it: the partner's primary colour on the dashboard's theme, if it set one. */
function partnerBrand(brand: BrandConfig, session: PartnerSession): BrandConfig {
  const colour = session.partner.brand.primaryColour
  if (!colour || !HEX_COLOUR.test(colour)) return brand
  return { ...brand, dashboardTheme: { ...brand.dashboardTheme, primaryColor: colour } }
}

/** The partner's frame: its logo or name, and the one way out, back to the partner. Nothing else to leave by. */
function PartnerFrame({ session }: { session: PartnerSession }) {
  const [bannerHeight, setBannerHeight] = useState(knownBannerHeight)
  const name = partnerNameOf(session.partner)
  const { logoUrl } = session.partner.brand
  return (
    <AppShell header={{ height: HEADER_HEIGHT + bannerHeight }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {logoUrl ? (
              <BrandLogo
                brand={{ brandName: name, logo: { kind: 'image', src: logoUrl }, showLogo: true }}
                height={24}
              />
            ) : null}
            <Text fw={700} truncate>
              {name}
            </Text>
          </Group>
          <Button component={Link} to={PARTNER_PATHS.partnerLogout} size="xs" variant="light">
            Back to {name}
          </Button>
        </Group>
      </AppShell.Header>
      <UkRiskBanner top={HEADER_HEIGHT} delayMs={0} onHeightChange={setBannerHeight} />
      <AppShell.Main>
        <div style={{ maxWidth: 1100, margin: '0 auto' }}>
          <NewTabOffer partnerName={name} />
          <DashboardContent />
        </div>
      </AppShell.Main>
    </AppShell>
  )
}

type SessionState = { phase: 'loading' } | { phase: 'ended' } | { phase: 'ready'; session: PartnerSession }

/** The visit's partner context (`mpSession`), asked once per session. */
function usePartnerSessionAnswer(token: string | null): SessionState {
  const { brandName } = useBrand()
  const [state, setState] = useState<SessionState>({ phase: 'loading' })
  useEffect(() => {
    if (!token) return
    let current = true
    getMpSession(brandName).then(
      (answer) => {
        if (!current) return
        if (answer && answer.result) {
          // The language the partner named for the visit, unless this browser chose one (decision 131).
          if (answer.data.language) void adoptLanguage(answer.data.language)
          return setState({ phase: 'ready', session: answer.data })
        }
        // Signed out, or not a session of this visit: the visit's screens open nothing with it.
        dropPartnerSession()
        setState({ phase: 'ended' })
      },
      () => current && setState({ phase: 'ended' }),
    )
    return () => {
      current = false
    }
  }, [brandName, token])
  return state
}

/**
 * Every signed-in screen of a partner's visit: only with the visit's session (else back to `/mp`, which signs in
 * again or says the visit is over), inside the partner's frame and colours, the screen the same as on /dashboard.
 */
export function PartnerLayout() {
  const token = useJwtToken()
  const brand = useBrand()
  const state = usePartnerSessionAnswer(token)
  const session = state.phase === 'ready' ? state.session : null
  const themed = useMemo(() => (session ? partnerBrand(brand, session) : brand), [brand, session])
  if (!token) return <Navigate to={PARTNER_PATHS.partnerHome} replace />
  if (state.phase === 'ended')
    return (
      <div className="ac-centre">
        <PartnerRefusalScreen refusal="mp_entry_ended" />
      </div>
    )
  if (!session) return <PageSpinner label={visitCatalog.t('visit.loadingVisit')} />
  return (
    <PartnerSessionContext value={session}>
      <BrandProvider brand={themed}>
        <DashboardRoot>
          <PartnerFrame session={session} />
        </DashboardRoot>
      </BrandProvider>
    </PartnerSessionContext>
  )
}
