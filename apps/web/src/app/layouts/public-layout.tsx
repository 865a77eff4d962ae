import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Link, NavLink, Outlet } from 'react-router'
import { BrandLogo } from '../../components/ui/brand-logo'
import { MAIN_ID, SkipLink } from '../../components/ui/page-a11y'
import { SiteFooter } from '../../components/ui/site-footer'
import { useBrand } from '../../lib/brand-context'
import { useCatalog } from '../../lib/i18n/catalog'
import { commonCatalog } from '../../lib/common-copy'
import { LanguageSwitch } from './language-switch'
import { useIsMobile } from '../../lib/use-is-mobile'
import { useJwtToken } from '../../lib/use-jwt-token'

export const PUBLIC_HEADER_HEIGHT = 64

const LOGGED_OUT = [
  { label: 'common.nav.home', to: WEB_PATHS.home },
  { label: 'common.nav.signUp', to: WEB_PATHS.signup },
  { label: 'common.nav.login', to: WEB_PATHS.login },
] as const

/** Signed in, Home is the brand's site: `/` would lead back to the dashboard (decision 125). */
const LOGGED_IN = [
  { label: 'common.nav.home', to: WEB_PATHS.marketing },
  { label: 'common.nav.dashboard', to: WEB_PATHS.dashboard },
  { label: 'common.nav.logOut', to: WEB_PATHS.logout },
] as const

/** Every public page: the header with the brand and the nav of spec section 2. */
export function PublicLayout() {
  const t = useCatalog(commonCatalog)
  const brand = useBrand()
  const signedIn = useJwtToken() !== null
  const items = signedIn ? LOGGED_IN : LOGGED_OUT
  const mobile = useIsMobile()

  return (
    <>
      <SkipLink />
      <header className="ac-header">
        <div className="ac-header-row">
          <Link
            to={WEB_PATHS.home}
            aria-label={t('common.brandHome', { brand: brand.brandName })}
            className="ac-home-link"
          >
            <BrandLogo brand={brand} height={mobile ? 22 : 32} />
          </Link>
          <nav aria-label={t('common.nav.main')} className="ac-nav">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} end>
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <LanguageSwitch />
        </div>
      </header>
      <main className="ac-main" id={MAIN_ID} tabIndex={-1}>
        <div>
          <Outlet />
        </div>
        <SiteFooter />
      </main>
    </>
  )
}
