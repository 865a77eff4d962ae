import { BrandLogo } from '../../../components/ui/brand-logo'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { commonCatalog } from '../../../lib/common-copy'

/** "Welcome to" the brand, its logo (or name) and tagline: the left column of the home views. */
export function WelcomeBlock({ compact = false }: { compact?: boolean }) {
  const brand = useBrand()
  const t = useCatalog(commonCatalog)
  return (
    <div className="ac-welcome">
      <h1>
        <span className="ac-welcome-to">{t('common.welcome')}</span>
        <BrandLogo brand={brand} height={compact ? 36 : 64} />
      </h1>
      <p className="ac-tagline">{brand.tagline}</p>
    </div>
  )
}
