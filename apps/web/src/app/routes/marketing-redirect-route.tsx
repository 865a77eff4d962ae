import { useEffect } from 'react'
import { PageSpinner } from '../../components/account/ui'
import { useBrand } from '../../lib/brand-context'
import { useCatalog } from '../../lib/i18n/catalog'
import { screensCatalog } from './messages'

/** /home: the brand's marketing site. */
export function MarketingRedirectRoute() {
  const { marketingUrl } = useBrand()
  const t = useCatalog(screensCatalog)
  useEffect(() => {
    window.location.assign(marketingUrl)
  }, [marketingUrl])
  return <PageSpinner label={t('screens.marketing.opening')} />
}
