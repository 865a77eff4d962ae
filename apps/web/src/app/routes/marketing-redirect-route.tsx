import { useEffect } from 'react'
import { PageSpinner } from '../../components/account/ui'
import { useBrand } from '../../lib/brand-context'

/** /home: the brand's marketing site. */
export function MarketingRedirectRoute() {
  const { marketingUrl } = useBrand()
  useEffect(() => {
    window.location.assign(marketingUrl)
  }, [marketingUrl])
  return <PageSpinner label="Opening the home page" />
}
