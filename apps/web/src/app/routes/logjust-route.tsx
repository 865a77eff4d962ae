import * as WEB_PATHS from '@exchange/shared/web-paths'
import { AuthCard, ButtonLink } from '../../components/account/ui'
import { useBrand } from '../../lib/brand-context'
import { useJwtToken } from '../../lib/use-jwt-token'
import { useCatalog } from '../../lib/i18n/catalog'
import { screensCatalog } from './messages'
import { commonCatalog } from '../../lib/common-copy'

/**
 * /logjust: a plain screen in the public layout (the spec gives it no behaviour). A signed-in visitor is not asked to
 * log in: the way to their dashboard instead (decision 125).
 */
export function LogjustRoute() {
  const t = useCatalog(screensCatalog)
  const brand = useBrand()
  const signedIn = useJwtToken() !== null
  return (
    <AuthCard title={t('screens.logjust.title', { brand: brand.brandName })}>
      {signedIn ? (
        <>
          <p>{t('screens.logjust.signedIn', { tagline: brand.tagline })}</p>
          <div className="ac-row">
            <ButtonLink to={WEB_PATHS.dashboard}>{t('screens.logjust.toDashboard')}</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>{t('screens.logjust.signedOut', { tagline: brand.tagline })}</p>
          <div className="ac-row">
            <ButtonLink to={WEB_PATHS.login}>{commonCatalog.t('common.login.submit')}</ButtonLink>
            <ButtonLink to={WEB_PATHS.signup} variant="default">
              {commonCatalog.t('common.nav.signUp')}
            </ButtonLink>
          </div>
        </>
      )}
    </AuthCard>
  )
}
