import { useState, type CSSProperties } from 'react'
import { PageSpinner } from '../../components/account/ui'
import { BrandLogo } from '../../components/ui/brand-logo'
import { knownBannerHeight, UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { useBrand } from '../../lib/brand-context'
import { DASHBOARD_HEADER_HEIGHT, DASHBOARD_HEADER_HEIGHT_PHONE, DASHBOARD_PHONE_QUERY } from './dashboard-frame'
import classes from './signed-in-shell.module.css'
import { commonCatalog } from '../../lib/common-copy'

/**
 * What a signed-in page shows while the signed-in layout's modules (Mantine, the query cache) download: its header,
 * the UK risk warning in its place and a loader, in plain HTML from the first bundle (decision 060). The warning and
 * the header are thus on screen as soon as the brand and the UK status are known, not a second later with the layout.
 */
export function SignedInShell() {
  const brand = useBrand()
  const [phone] = useState(() => window.matchMedia(DASHBOARD_PHONE_QUERY).matches)
  // Drawn again while the layout's modules load: the warning's room as first measured (decision 069).
  const [bannerHeight, setBannerHeight] = useState(knownBannerHeight)
  const headerHeight = phone ? DASHBOARD_HEADER_HEIGHT_PHONE : DASHBOARD_HEADER_HEIGHT
  const style = { '--shell-header': `${headerHeight}px`, '--shell-banner': `${bannerHeight}px` } as CSSProperties
  return (
    <div className={classes.page} data-scheme={brand.dashboardTheme.colorScheme} style={style}>
      <header className={classes.header}>
        <div>
          <span className={classes.burger} aria-hidden />
          <span className={classes.logo}>
            <BrandLogo brand={brand} height={phone ? 22 : 28} />
          </span>
        </div>
        <span className={classes.title}>{commonCatalog.t('common.nav.dashboard')}</span>
      </header>
      <UkRiskBanner top={headerHeight} delayMs={0} onHeightChange={setBannerHeight} />
      <div className={classes.nav} />
      <main className={classes.main}>
        <PageSpinner label={commonCatalog.t('common.loadingAccount')} />
      </main>
    </div>
  )
}
