import { useEffect } from 'react'
import { PageLoader } from '../../components/ui/page-loader'
import { useBrand } from '../../lib/brand-context'

/** /home: the brand's marketing site. */
export function MarketingRedirectRoute() {
  const { marketingUrl } = useBrand()
  useEffect(() => {
    window.location.assign(marketingUrl)
  }, [marketingUrl])
  return <PageLoader label="Opening the home page" />
}
