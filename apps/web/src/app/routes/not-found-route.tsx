import * as WEB_PATHS from '@exchange/shared/web-paths'
import { AuthCard, ButtonLink } from '../../components/account/ui'
import { useCatalog } from '../../lib/i18n/catalog'
import { screensCatalog } from './messages'

export function NotFoundRoute() {
  const t = useCatalog(screensCatalog)
  return (
    <AuthCard title={t('screens.notFound.title')}>
      <p className="ac-dimmed">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to={WEB_PATHS.home}>{t('screens.notFound.home')}</ButtonLink>
    </AuthCard>
  )
}
