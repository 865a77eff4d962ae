import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageSpinner } from '../../../components/account/ui'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { sessionCatalog } from '../messages'
import { logOutEverywhere } from '../api/log-out'

/** /logout: ends the session, then shows the login form. */
export function LogoutScreen() {
  const t = useCatalog(sessionCatalog)
  const { brandName } = useBrand()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    // React's development double-mount must not send a second logout.
    if (started.current) return
    started.current = true
    void logOutEverywhere(brandName)
      .catch(() => false)
      .then(() => navigate(WEB_PATHS.login, { replace: true }))
  }, [brandName, navigate])

  return <PageSpinner label={t('session.loggingOut')} />
}
